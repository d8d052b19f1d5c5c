// Security headers on every response (API, static files, errors, 404s): a CSP without inline scripts and with
// no other host to connect to, no framing, nosniff and a strict referrer policy; and no caching of any /api/
// answer (tokens, balances and orders must never sit in a shared or browser cache).
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const securityHeadersPlugin = fp(
  async (app) => {
    const { connectOrigins } = app.config;
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          // 'self' covers ws:/wss: to this same host (CSP Level 3); no other host may be reached unless the
          // operator names it (CSP_CONNECT_ORIGINS). Worker scripts carry this header too, so it binds the worker.
          connectSrc: ["'self'", ...connectOrigins],
          workerSrc: ["'self'", 'blob:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
      // The app may be served over plain HTTP on a LAN address; HSTS there would only confuse browsers.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
      // The operator console: never indexed, and a stricter policy than the app's (no workers, no other
      // host, no base or form target elsewhere), for its pages, files and API alike.
      if (isConsolePath(request.url)) {
        reply.header('x-robots-tag', 'noindex, nofollow');
        reply.header('content-security-policy', CONSOLE_CSP);
      }
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** `/admin`, `/admin/…` or `/admin?…`: the operator console and its API. */
export function isConsolePath(url: string): boolean {
  return url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');
}

/** `/api`, `/api/…` or `/api?…`, and the same under `/admin/api` (the operator console's API). */
export function isApiPath(url: string): boolean {
  const u = url.startsWith('/admin/api') ? url.slice('/admin'.length) : url;
  return u === '/api' || u.startsWith('/api/') || u.startsWith('/api?');
}
