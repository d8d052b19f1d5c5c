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
  // The benches serve their own build (STATIC_DIR=dist-bench, bench/app/vite.config.ts).
  const dir = extraEnv.STATIC_DIR ?? 'dist';
  if (!existsSync(`${dir}/index.html`)) throw new Error(`${dir}/ is missing: build it first`);
  // Two months of daily bars and two days of minute bars (the default is 400 and 3): a start costs about 5 s
  // instead of 8–9 s, and the suite starts about fifty (a test that needs more history sets these itself).
  return startServerProcess({
    PSX_ALWAYS_OPEN: '1',
    MARKET_HISTORY_DAYS: '60',
    MARKET_MINUTE_DAYS: '2',
    ...extraEnv,
  });
}
