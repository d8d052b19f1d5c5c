// Points <link rel="manifest"> at the manifest of the UI language, so an app installed in English is named
// "PK Trade" and laid out left-to-right, and one installed in Urdu "پی کے ٹریڈ", right-to-left. Both
// manifests share one `id`, so it is the same app whichever was used. index.html links the Urdu one. Safari
// names a home-screen icon after apple-mobile-web-app-title, so that follows the language too.
import type { Lang } from '../../../workers/protocol/api.ts';

const MANIFEST_OF: Record<Lang, string> = {
  'ur-PK': '/manifest.webmanifest',
  'en-US': '/manifest.en-US.webmanifest',
};

export function linkManifestFor(lang: Lang, appName: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = MANIFEST_OF[lang];
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  document.querySelector('meta[name="apple-mobile-web-app-title"]')?.setAttribute('content', appName);
}
