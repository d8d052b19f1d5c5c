// A local stand-in for a Web Push service (tests only: no public push service is reachable here). It plays
// the browser's side too: `subscription()` makes a P-256 key pair and an auth secret as a browser would, and
// every push it receives is checked as a real push service and user agent would check it: the VAPID JWT
// (RFC 8292: ES256 over the `k` public key, audience = this origin, not expired) and the payload decrypted
// with the subscription's private key (RFC 8291 aes128gcm). `answer` sets the HTTP status it replies with
// (e.g. 410 to play an expired subscription).
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  /** the decrypted payload (JSON text) */
  payload: string;
  vapidOk: boolean;
  /** the `k` of the Authorization header: the server's VAPID public key */
  vapidKey: string;
  ttl: string | undefined;
}

export interface StandInSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

function decrypt(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([d.update(ciphertext.subarray(0, ciphertext.length - 16)), d.final()]);
  // the last record ends with the delimiter 0x02 and zero padding
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  return plain.subarray(0, end).toString('utf8');
}

function vapidValid(header: string | undefined, origin: string): { ok: boolean; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return { ok: false, key: '' };
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, sig] = jwt.split('.');
  if (!h || !p || !sig) return { ok: false, key: k };
  const pub = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: pub.subarray(1, 33).toString('base64url'),
      y: pub.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud?: string; exp?: number };
  const ok =
    signed && claims.aud === origin && typeof claims.exp === 'number' && claims.exp * 1000 > Date.now();
  return { ok, key: k };
}

export class PushStandIn {
  readonly received: ReceivedPush[] = [];
  /** the status every push is answered with */
  answer = 201;
  /** pushes answered (any status) */
  requests = 0;
  private readonly keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  private server: http.Server | undefined;
  private origin = '';
  private waiters: (() => void)[] = [];

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests += 1;
        const path = req.url ?? '';
        const sub = this.keys.get(path);
        if (this.answer >= 200 && this.answer < 300 && sub) {
          const v = vapidValid(req.headers.authorization, this.origin);
          let payload = '';
          try {
            payload = decrypt(Buffer.concat(chunks), sub.ecdh, sub.auth);
          } catch {
            payload = '';
          }
          this.received.push({
            path,
            payload,
            vapidOk: v.ok,
            vapidKey: v.key,
            ttl: req.headers.ttl as string,
          });
        }
        res.writeHead(this.answer).end();
        const w = this.waiters;
        this.waiters = [];
        for (const f of w) f();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new device's subscription, as PushManager.subscribe would give it. */
  subscription(): StandInSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${randomBytes(8).toString('hex')}`;
    this.keys.set(path, { ecdh, auth });
    return {
      endpoint: `${this.origin}${path}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    };
  }

  /** Resolves once `n` requests have been answered. */
  async waitForRequests(n: number, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.requests < n) {
      if (Date.now() > until) throw new Error(`push stand-in: ${this.requests} of ${n} requests`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
