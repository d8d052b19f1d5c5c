// The English texts, every namespace the app uses: one chunk, fetched only when the app is in English (i18n.ts).
// A namespace added under locales/en-US/ is picked up here; the server's own ones are left out
// (SERVER_NAMESPACES, held to this list by tests/unit/i18n/client-namespaces.test.ts).
import { byNamespace } from './by-namespace.ts';

export default byNamespace(
  import.meta.glob<Record<string, unknown>>(
    ['../../../../locales/en-US/*.json', '!**/errors.json', '!**/market.json'],
    { eager: true, import: 'default' },
  ),
);
