// `npm run dev`: the API server (with the market simulator) on API_PORT and Vite's dev server proxying /api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort, SERVE_STATIC: '0' };
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  }),
);
