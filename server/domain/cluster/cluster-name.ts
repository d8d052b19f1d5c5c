// The name of the cluster a node belongs to: nodes that share a database (DATABASE_URL, or one SQLite
// DATA_DIR) are one cluster. It prefixes the bus channels and every Redis key (redisKey), so clusters that
// share a Redis stay apart.
import { createHash } from 'node:crypto';

export function clusterName(cfg: { databaseUrl: string; dataDir: string }): string {
  return `c${createHash('sha256')
    .update(cfg.databaseUrl || `file:${cfg.dataDir}`)
    .digest('hex')
    .slice(0, 10)}`;
}

/**
 * A Redis key of this deployment: `<clusterName>:<key>`. Every key the nodes keep in Redis (limits, lockouts, the
 * market snapshot) goes through it, so deployments sharing one Redis (a staging beside production, the test
 * suite's files) never count each other's users: user and conversation ids repeat between databases.
 */
export function redisKey(cfg: { databaseUrl: string; dataDir: string }, key: string): string {
  return `${clusterName(cfg)}:${key}`;
}
