// The Urdu texts the first screens show (the shell, Home, Markets, the drawer's account): one chunk, fetched
// only when the app is in Urdu (i18n.ts). The other namespaces are in ur-PK-more.ts, fetched with the first
// other screen; the server's own ones (SERVER_NAMESPACES in by-namespace.ts) are in neither, held to these
// lists by tests/unit/i18n/texts-on-demand.test.ts. i18n.ts keys the files by namespace (byNamespace).
export default import.meta.glob<Record<string, unknown>>(
  '../../../../locales/ur-PK/{common,nav,home,markets,account}.json',
  { eager: true, import: 'default' },
);
