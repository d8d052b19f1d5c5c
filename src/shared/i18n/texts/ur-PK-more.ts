// The Urdu texts of the other screens (every namespace not in ur-PK.ts nor the server's): one chunk, fetched
// before the first screen that is not Home renders, or the update banner shows (i18n.ts). A namespace
// added under locales/ur-PK/ lands here.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../../locales/ur-PK/*.json', '!**/{market,common,nav,home,markets,account}.json'],
  { eager: true, import: 'default' },
);
