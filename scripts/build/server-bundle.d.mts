// Types of bundleServer (plain ESM so the global setup and scripts run it without a build).
/** Bundles server/main.ts into `outFile` (written beside it, then renamed); resolves to `outFile`. */
export function bundleServer(outFile: string, root?: string): Promise<string>;
