// A [0, 1) draw for retry jitter. Not a secret, but the house keeps Math.random out of the code (the server
// uses node:crypto, the simulator a seeded PRNG): Web Crypto is in every worker and in Node.
export function jitterDraw(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}
