// Types of the zone table (boundary-zones.js is plain JS so eslint.config.js loads it without a TS loader),
// for the boundary test that plants a violation per zone.
export interface Targets {
  paths?: string[];
  packages?: string[];
}
export interface Zone {
  name: string;
  files: string[];
  exceptFiles?: string[];
  ban?: Targets & { exceptOwnFolder?: boolean };
  only?: Targets;
  message: string;
}
export const ZONES: readonly Zone[];
