// An operator's new resolution as form text (the console's form) to the checked ResolutionInput of
// vote-rules.ts. Times are ISO 8601 with a zone (2026-12-01T17:00+05:00) or epoch ms; options one per line,
// "Urdu | English". A bad field is a VoteError ('badResolution') naming it.
import type { ResolutionInput } from './vote-rules.ts';
import { VoteError } from './vote-repo.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:\.\d{3})?(?:Z|[+-]\d{2}:\d{2})$/;

function bad(message: string): never {
  throw new VoteError('badResolution', message);
}

function time(name: string, s: string): number {
  const v = s.trim();
  const ms = /^[0-9]{1,15}$/.test(v) ? Number(v) : ISO.test(v) ? Date.parse(v) : NaN;
  if (!Number.isSafeInteger(ms)) bad(`${name} must be ISO 8601 with a zone or epoch ms, got "${v}"`);
  return ms;
}

export interface ResolutionFields {
  symbol: string;
  meeting: 'agm' | 'eogm';
  titleUr: string;
  titleEn: string;
  bodyUr: string;
  bodyEn: string;
  options: string;
  record: string;
  deadline: string;
}

export function parseResolutionFields(f: ResolutionFields): ResolutionInput {
  const options = f.options
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const parts = line.split('|').map((p) => p.trim());
      if (parts.length !== 2) bad(`options: each line is "Urdu | English", got "${line}"`);
      return { ur: parts[0] ?? '', en: parts[1] ?? '' };
    });
  return {
    symbol: f.symbol.trim().toUpperCase(),
    meeting: f.meeting,
    titleUr: f.titleUr,
    titleEn: f.titleEn,
    bodyUr: f.bodyUr,
    bodyEn: f.bodyEn,
    options,
    recordAt: time('record', f.record),
    deadlineAt: time('deadline', f.deadline),
  };
}
