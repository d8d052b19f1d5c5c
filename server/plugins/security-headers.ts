// Security headers on every response (API, static files, errors, 404s): a CSP without inline scripts,
// no framing, nosniff and a strict referrer policy.
import helmet from '@fastify/helmet';
import { globalPlugin } from './global-plugin.ts';

export const securityHeadersPlugin = globalPlugin('security-headers', async (app) => {
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
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
});
