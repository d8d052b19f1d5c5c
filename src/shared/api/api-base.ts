// Where the API lives (spec §7): the page's protocol, `api.` + the parent domain, and the product's fixed
// path prefix — or the page's own origin when there is no parent domain to speak of, or a build-time override.

/** The fixed product path prefix; the server mounts the whole call catalogue under it. */
export const API_PATH_PREFIX = '/api/';

/**
 * Second-level public suffixes under which a registrable domain has three labels (example.com.pk).
 * A short list for the markets the product has served, not the whole Public Suffix List: for any other
 * suffix the one-label reading (example.com) applies.
 */
const TWO_LEVEL_SUFFIXES = new Set([
  'com.pk',
  'net.pk',
  'org.pk',
  'edu.pk',
  'gov.pk',
  'gob.pk',
  'biz.pk',
  'web.pk',
  'fam.pk',
  'info.pk',
  'com.bd',
  'net.bd',
  'org.bd',
  'com.br',
  'net.br',
  'org.br',
  'co.in',
  'net.in',
  'org.in',
  'co.uk',
  'org.uk',
  'com.au',
  'co.jp',
  'com.cn',
  'com.hk',
  'com.sg',
  'com.my',
  'co.id',
  'com.tr',
  'com.ng',
  'co.za',
]);

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** True where an `api.` sibling cannot exist: localhost, IP addresses and single-label hosts. */
function isSameOriginHost(host: string): boolean {
  return (
    host === '' ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    IPV4.test(host) ||
    host.includes(':') || // IPv6, with or without the brackets Location#hostname keeps
    !host.includes('.')
  );
}

/**
 * The parent domain of `host`: the host without its first label, but never shorter than the registrable
 * domain. app.example.com → example.com; m.app.example.com → app.example.com; example.com → example.com;
 * www.example.com.pk → example.com.pk; example.com.pk → example.com.pk.
 */
export function parentDomain(host: string): string {
  const labels = host.split('.');
  const suffixLabels = TWO_LEVEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 2 : 1;
  return labels.length > suffixLabels + 1 ? labels.slice(1).join('.') : host;
}

/**
 * The API base URL, ending in '/'. `buildOverride` (from VITE_API_BASE) wins when set. The page's port is
 * not carried over: the API host is a different server, reached on the protocol's default port.
 */
export function apiBase(location: Pick<Location, 'protocol' | 'hostname'>, buildOverride?: string): string {
  const override = buildOverride?.trim();
  if (override) return override.endsWith('/') ? override : `${override}/`;
  const host = location.hostname.toLowerCase().replace(/\.$/, '');
  if (isSameOriginHost(host)) return API_PATH_PREFIX;
  const parent = parentDomain(host);
  const apiHost = parent.startsWith('api.') ? parent : `api.${parent}`;
  return `${location.protocol}//${apiHost}${API_PATH_PREFIX}`;
}

/** The base for this page and build. Same-origin when there is no page (tests, workers without location). */
export function currentApiBase(): string {
  const override: unknown = import.meta.env.VITE_API_BASE;
  const location = globalThis.location as Location | undefined;
  return apiBase(
    location ?? { protocol: 'http:', hostname: '' },
    typeof override === 'string' ? override : '',
  );
}
