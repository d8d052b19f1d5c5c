// OpenAPI document generated from the route schemas (@fastify/swagger); served at GET /api/openapi.json.
// It is where the wire field names are written down.
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';

export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'PK Trade API',
          version: '1.0.0',
          description: [
            'Every answer is JSON `{code, msg, data}`: code 0 success; -1000 missing, expired or revoked token on a',
            'non-public call (the client clears its session); -1001 business or validation error with `msg` localised',
            'from Accept-Language (ur-PK default, en-US). HTTP status is 200 for every route answer; 404 unknown path,',
            '413 body too large, 415 body not form-encoded, 429 per-IP flood guard (all still with a -1001 envelope).',
            'POST bodies are application/x-www-form-urlencoded (UTF-8); GET parameters go in the query string.',
            'Numbers travel as plain decimal strings. A key sent twice, an unknown key (stripped), an empty or',
            'oversized field are handled by the schemas below.',
          ].join(' '),
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { accesstoken: { type: 'apiKey', in: 'header', name: 'accesstoken' } },
        },
        tags: [
          { name: 'user', description: 'Accounts and sessions' },
          { name: 'common', description: 'Captcha, SMS codes and platform settings' },
          { name: 'deposit', description: 'Deposits: receiving accounts, requests, crypto addresses' },
        ],
      },
    });
  },
  { name: 'openapi' },
);
