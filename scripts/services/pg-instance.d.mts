// Types of pg-instance.mjs (plain ESM so the scripts run without a build), for the TypeScript tests.

export interface CreateDatabaseOptions {
  /** the database copied (default template0); e.g. one migrated once, so each test skips the migrations */
  template?: string;
}

export interface StartPostgresOptions {
  /** keep the cluster here (`dir/data`, initdb'd the first time); default: a temporary directory, removed by stop() */
  dir?: string;
  /** default: a free port */
  port?: number;
  /** create this database if missing and point `url` at it; default: `url` is `adminUrl` */
  database?: string;
  /** more server settings, each passed as `-c name=value` (e.g. shared_preload_libraries) */
  settings?: Record<string, string>;
}

export interface PostgresInstance {
  /** postgres://postgres@127.0.0.1:PORT/<database option, else postgres> */
  url: string;
  /** postgres://postgres@127.0.0.1:PORT/postgres: the superuser on the maintenance database */
  adminUrl: string;
  port: number;
  /** holds data/ (the cluster), sock/ (its Unix socket) and postgres.log */
  dir: string;
  dataDir: string;
  logFile: string;
  /** the postmaster's pid (also the first line of pidFile) */
  pid: number;
  pidFile: string;
  /** fast shutdown (SIGINT, as pg_ctl stop -m fast), then removes a temporary dir; idempotent */
  stop(): Promise<void>;
  /** creates an empty database and returns its url */
  createDatabase(name: string, opts?: CreateDatabaseOptions): Promise<string>;
  /** drops it if it exists, closing its open connections */
  dropDatabase(name: string): Promise<void>;
}

export function startPostgres(opts?: StartPostgresOptions): Promise<PostgresInstance>;
export function createDatabase(adminUrl: string, name: string, opts?: CreateDatabaseOptions): Promise<string>;
export function dropDatabase(adminUrl: string, name: string): Promise<void>;
