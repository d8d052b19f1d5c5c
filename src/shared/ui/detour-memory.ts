// What a password-confirmed form was holding survives the detour to set the transaction password
// (use-password-action.ts `beforeSetPassword`): the form remembers its fields under a key naming it and what it
// was for (e.g. `spot:BTCUSDT`), in sessionStorage (this tab only), and takes them back, once, when it mounts
// again with that key. The stock ticket keeps its own typed draft (features/trade/draft-memory.ts); this is the
// plain-strings version for the other forms.

const KEY = 'formDetour';
const MAX_FIELD = 40;

export type DetourFields = Record<string, string>;

export function rememberForm(key: string, fields: DetourFields): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ key, fields }));
  } catch {
    // private mode or storage full: the form just starts empty
  }
}

function isFields(v: unknown): v is DetourFields {
  return (
    typeof v === 'object' &&
    v !== null &&
    Object.values(v).every((x) => typeof x === 'string' && x.length <= MAX_FIELD)
  );
}

/** The fields remembered under `key` (forgotten once taken); null when none are, or they were another form's. */
export function takeForm(key: string): DetourFields | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as { key?: unknown; fields?: unknown };
    if (v.key !== key || !isFields(v.fields)) return null;
    sessionStorage.removeItem(KEY);
    return v.fields;
  } catch {
    return null;
  }
}
