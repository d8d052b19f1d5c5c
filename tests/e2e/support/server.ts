// Starts the real server (built app + API + WebSocket) on a free port with a temporary data directory,
// exactly as `npm start` would after the build, for the browser tests and the screenshot script.
import { existsSync } from 'node:fs';
import { startServerProcess } from '../../support/server-process.ts';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npx vite build` first');
  return startServerProcess({ PSX_ALWAYS_OPEN: '1', ...extraEnv });
}
