// Types of redis-instance.mjs (plain ESM so the scripts run without a build), for the TypeScript tests.

export interface RedisInstance {
  /** redis://127.0.0.1:PORT */
  url: string;
  port: number;
  pid: number;
  /** SIGTERM and wait for the exit; idempotent */
  stop(): Promise<void>;
}

export function startRedis(opts?: { port?: number }): Promise<RedisInstance>;
