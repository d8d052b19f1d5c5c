// Serves the built app (./dist) with history-mode fallback: a GET outside /api/ that is not a file gets
// index.html. Text files go out as the .br or .gz the build wrote beside them (scripts/build/precompress.ts)
// when the browser accepts it, with Vary: Accept-Encoding. Hashed files under /assets/ are cached for a
// year; everything else (index.html, the manifests, the service worker, icons) is revalidated on every use,
// so a new release is seen at once and the service worker is never answered from the HTTP cache. The operator
// console's bundle (dist/admin/) is served the same way under /admin/, with its own index.html as fallback.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from './envelope.ts';
import { isApiPath, isConsolePath } from './security-headers.ts';

export const staticAppPlugin = fp(
  async (app) => {
    const opts = { root: app.config.staticDir, enabled: app.config.serveStatic };
    const hasIndex = opts.enabled && fs.existsSync(path.join(opts.root, 'index.html'));
    const hasConsole = opts.enabled && fs.existsSync(path.join(opts.root, 'admin', 'index.html'));
    if (hasIndex) {
      await app.register(fastifyStatic, {
        root: opts.root,
        index: 'index.html',
        wildcard: true,
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const immutable = filePath.startsWith(path.join(opts.root, 'assets') + path.sep);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else if (opts.enabled) {
      app.log.warn(`static: ${opts.root}/index.html not found; run "npm run build" to serve the app`);
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
      // The operator console (its own bundle in dist/admin/) has its own index.html; never the app's.
      if (isConsolePath(pathname) && !isApiPath(pathname)) {
        const isConsolePage =
          (request.method === 'GET' || request.method === 'HEAD') && !lastSegment.includes('.');
        if (hasConsole && isConsolePage)
          return reply
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .sendFile('admin/index.html');
        return notFound(request, reply);
      }
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(pathname) &&
        !lastSegment.includes('.');
      if (hasIndex && isPage) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile('index.html');
      }
      return notFound(request, reply);
    });
  },
  { name: 'static-app', dependencies: ['config', 'envelope', 'translator'] },
);
