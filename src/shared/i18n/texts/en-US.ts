// The English texts, every namespace the app uses: one chunk, fetched only when the app is in English (i18n.ts).
// A namespace added under locales/en-US/ is picked up here; the server's own one is left out
// (SERVER_NAMESPACES in by-namespace.ts, held to this list by tests/unit/i18n/texts-on-demand.test.ts).
// The files by path; i18n.ts keys them by namespace (byNamespace), so this chunk shares no code with the other.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../../locales/en-US/*.json', '!**/market.json'],
  { eager: true, import: 'default' },
);
