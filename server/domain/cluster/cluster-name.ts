// The name of the cluster a node belongs to: nodes that share a database (DATABASE_URL, or one SQLite
// DATA_DIR) are one cluster. It prefixes the bus channels and the Redis keys of the market, so clusters that
// share a Redis stay apart.
import { createHash } from 'node:crypto';

export function clusterName(cfg: { databaseUrl: string; dataDir: string }): string {
  return `c${createHash('sha256')
    .update(cfg.databaseUrl || `file:${cfg.dataDir}`)
    .digest('hex')
    .slice(0, 10)}`;
}
