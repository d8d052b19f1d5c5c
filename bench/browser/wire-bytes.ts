// Counts the bytes Chromium receives for every request of every target — pages, their dedicated workers and
// service workers — over a raw DevTools connection of its own (Playwright's CDP sessions reach pages only).
// Each target is attached paused (waitForDebuggerOnStart), its Network domain enabled, then resumed, so no
// request of a worker escapes before counting starts. The size is CDP's encodedDataLength: the compressed
// body plus the response headers, as it came over the wire. One gap: Chromium (156) fetches a dedicated
// worker's own script in the browser process and reports only its headers there (the body streams to the
// worker uncounted); `settle()` adds that body's size, fetched again from the server in the same encoding.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import WebSocket from 'ws';

export type TargetKind = 'page' | 'worker' | 'service_worker' | 'other';

export interface WireRecord {
  url: string;
  target: TargetKind;
  mimeType: string;
  encoding: string;
  /** Everything received: headers and the body as sent (compressed). */
  bytes: number;
  /** The response headers' share of `bytes` (HTTP/1.1 here; HTTP/2 compresses repeated headers away). */
  headerBytes: number;
  fromCache: boolean;
  /** A dedicated worker's own script, whose body Chromium does not count (added by settle()). */
  workerScript: boolean;
}

interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  error?: { message: string };
}

/** The browser's DevTools endpoint, from the file Chromium writes with --remote-debugging-port=0. */
export function devToolsEndpoint(userDataDir: string): string {
  const [port, path] = readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8').trim().split('\n');
  if (!port || !path) throw new Error(`no DevTools endpoint in ${userDataDir}`);
  return `ws://127.0.0.1:${port}${path}`;
}

export class WireBytes {
  readonly records: WireRecord[] = [];
  private nextId = 1;
  private readonly replies = new Map<number, (m: CdpMessage) => void>();
  private readonly targetOf = new Map<string, TargetKind>();
  /** A worker session's script URL. */
  private readonly scriptOf = new Map<string, string>();
  private readonly pending = new Map<string, Omit<WireRecord, 'bytes'>>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.onMessage(JSON.parse(data.toString()) as CdpMessage));
  }

  static async connect(endpoint: string): Promise<WireBytes> {
    const ws = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const wire = new WireBytes(ws);
    await wire.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
    });
    return wire;
  }

  /** Forgets what was counted so far (between the steps of one scenario). */
  reset(): void {
    this.records.length = 0;
  }

  /** Adds the uncounted body of each dedicated worker's script (see the top of this file). */
  async settle(): Promise<void> {
    for (const r of this.records) {
      if (!r.workerScript || r.fromCache) continue;
      r.bytes += await bodyBytes(r.url, r.encoding);
      r.workerScript = false;
    }
  }

  close(): void {
    this.ws.close();
  }

  private send(method: string, params: object = {}, sessionId?: string): Promise<CdpMessage> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve) => this.replies.set(id, resolve));
  }

  private onMessage(m: CdpMessage): void {
    if (m.id !== undefined) {
      this.replies.get(m.id)?.(m);
      this.replies.delete(m.id);
      return;
    }
    const p = m.params ?? {};
    switch (m.method) {
      case 'Target.attachedToTarget':
        void this.onAttached(p as { sessionId: string; targetInfo: { type: string; url: string } });
        break;
      case 'Network.responseReceived': {
        const e = p as {
          requestId: string;
          response: {
            url: string;
            mimeType: string;
            headers: Record<string, string>;
            fromDiskCache?: boolean;
            encodedDataLength: number;
          };
        };
        const encoding =
          Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ??
          'identity';
        this.pending.set(`${m.sessionId}:${e.requestId}`, {
          url: e.response.url,
          target: this.targetOf.get(m.sessionId ?? '') ?? 'other',
          mimeType: e.response.mimeType,
          encoding,
          fromCache: e.response.fromDiskCache === true,
          // What had arrived when the response began: its headers.
          headerBytes: e.response.encodedDataLength,
          workerScript: this.scriptOf.get(m.sessionId ?? '') === e.response.url,
        });
        break;
      }
      case 'Network.loadingFinished': {
        const e = p as { requestId: string; encodedDataLength: number };
        const key = `${m.sessionId}:${e.requestId}`;
        const r = this.pending.get(key);
        if (r) this.records.push({ ...r, bytes: e.encodedDataLength });
        this.pending.delete(key);
        break;
      }
    }
  }

  private async onAttached(p: {
    sessionId: string;
    targetInfo: { type: string; url: string };
  }): Promise<void> {
    const type = p.targetInfo.type;
    const kind: TargetKind =
      type === 'page' || type === 'worker' || type === 'service_worker' ? type : 'other';
    this.targetOf.set(p.sessionId, kind);
    if (kind === 'worker') this.scriptOf.set(p.sessionId, p.targetInfo.url);
    if (kind !== 'other') {
      // The HTTP cache stays on: a fresh profile starts empty, and the service worker's precache may
      // rightly take what the page already downloaded from it.
      await this.send('Network.enable', {}, p.sessionId);
      // A page's dedicated workers attach to its session (service workers attach to the browser's).
      if (kind === 'page')
        await this.send(
          'Target.setAutoAttach',
          {
            autoAttach: true,
            waitForDebuggerOnStart: true,
            flatten: true,
            filter: [{ type: 'worker' }, { exclude: true }],
          },
          p.sessionId,
        );
    }
    await this.send('Runtime.runIfWaitingForDebugger', {}, p.sessionId);
  }
}

/** The bytes of a response body as sent in `encoding` (not decoded). */
function bodyBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const got = res.headers['content-encoding'] ?? 'identity';
        if (got !== encoding) reject(new Error(`${url}: asked for ${encoding}, got ${got}`));
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
