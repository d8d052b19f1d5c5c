// What the WebSocket fuzz tests (ws-fuzz.test.ts for the market and account sockets, chat-ws-fuzz.test.ts for
// the chat sockets) throw at a socket: JSON values of every type (as raw JSON text, so a frame can hold deep
// nesting and prototype keys exactly as sent), and seeded random frames made of a socket's fields and ops, so
// a failing frame can be found again.

/** `n` levels of `open`, then as many `close`. */
export const deep = (n: number, open: string, close: string): string => open.repeat(n) + close.repeat(n);

/** One value of every JSON type and shape an attacker would try in a field, as JSON text. */
export const JSON_VALUES: readonly string[] = [
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1e308',
  '-0',
  '""',
  JSON.stringify('x'.repeat(2000)),
  '[]',
  '[null]',
  '[1,2,3]',
  '[{}]',
  '{}',
  '{"valueOf":1,"toString":"x"}',
  '{"valueOf":{"x":1}}',
  '{"__proto__":{"op":"ping"}}',
  '{"constructor":{"prototype":{"op":"sub"}}}',
  deep(500, '[', ']'),
  deep(300, '{"a":', '}').replace(/\}+$/, (m) => '1' + m),
];

/** A small seeded generator (xorshift). */
export function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Random frames: objects of `fields` given `values` or `ops`, mixed with noise that is not JSON at all. */
export function randomFrames(
  n: number,
  seed: number,
  fields: readonly string[],
  ops: readonly string[],
  values: readonly string[],
): string[] {
  const r = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const kind = r();
    if (kind < 0.1) {
      out.push(
        String.fromCharCode(
          ...Array.from({ length: 1 + Math.floor(r() * 40) }, () => Math.floor(r() * 0x2fff)),
        ),
      );
    } else {
      const parts = Array.from(
        { length: 1 + Math.floor(r() * 4) },
        () => `"${pick(fields)}":${pick([...values, ...ops])}`,
      );
      out.push(`{${parts.join(',')}}`);
    }
  }
  return out;
}
