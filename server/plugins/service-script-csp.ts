// The serviceJs routes (/pages/common/serviceJs, /pages/user/serviceJs) load the third-party chat script an
// operator set (setting service.scriptUrl, else SERVICE_CHAT_SCRIPT_URL). Only the app page served at those
// two paths gets a CSP that allows that one origin (scripts, its connections, frames, images and styles);
// every other page keeps the strict policy of security-headers.ts, so the script runs nowhere else.
import fp from 'fastify-plugin';
import { readSetting } from '../domain/settings/settings-repo.ts';

const SCRIPT_PATHS = new Set(['/pages/common/serviceJs', '/pages/user/serviceJs']);
const DIRECTIVES = ['script-src', 'connect-src', 'frame-src', 'img-src', 'style-src'];

/** The policy with `origin` added to the directives a chat widget needs (frame-src added when absent). */
export function cspWithOrigin(policy: string, origin: string): string {
  const parts = policy
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const out = parts.map((p) => {
    const name = p.split(/\s+/u)[0] ?? '';
    if (!DIRECTIVES.includes(name)) return p;
    seen.add(name);
    return `${p} ${origin}`;
  });
  if (!seen.has('frame-src')) out.push(`frame-src ${origin}`);
  return out.join('; ');
}

/** The origin of an https script address, or null. */
export function scriptOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export const serviceScriptCspPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const path = request.url.split('?')[0] ?? '';
      if (request.method !== 'GET' || !SCRIPT_PATHS.has(path)) return payload;
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy !== 'string') return payload;
      const url = (await readSetting(app.db, 'service.scriptUrl')) || app.config.serviceChatScriptUrl;
      const origin = scriptOrigin(url);
      if (origin) reply.header('content-security-policy', cspWithOrigin(policy, origin));
      return payload;
    });
  },
  { name: 'service-script-csp', dependencies: ['config', 'db', 'security-headers'] },
);
