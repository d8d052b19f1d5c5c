// Types of the parts of processes.mjs (plain ESM so the scripts run without a build) the TypeScript code uses.
import type { ChildProcess } from 'node:child_process';

/** A port on 127.0.0.1 that was free a moment ago (the kernel's pick for port 0). */
export function freePort(): Promise<number>;

/** Resolves when `child` has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void>;
