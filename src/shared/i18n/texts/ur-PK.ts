// The Urdu texts, every namespace the app uses: one chunk, fetched only when the app is in Urdu (i18n.ts).
// A namespace added under locales/ur-PK/ is picked up here; the server's own ones are left out
// (SERVER_NAMESPACES, held to this list by tests/unit/i18n/client-namespaces.test.ts).
import { byNamespace } from './by-namespace.ts';

export default byNamespace(
  import.meta.glob<Record<string, unknown>>(
    ['../../../../locales/ur-PK/*.json', '!**/errors.json', '!**/market.json'],
    { eager: true, import: 'default' },
  ),
);
