// The English texts of the other screens (every namespace not in en-US.ts nor the server's; errors.json is here: forms show its field messages): one chunk, fetched
// before the first screen that is not Home renders, or the update banner shows (i18n.ts). A namespace
// added under locales/en-US/ lands here.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../../locales/en-US/*.json', '!**/{market,common,nav,home,markets,account}.json'],
  { eager: true, import: 'default' },
);
