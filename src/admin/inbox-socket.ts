// The console's chat socket (/admin/api/ws/service; the session cookie signs it in): every conversation's
// messages, the customers' typing and both sides' read markers. Reconnects with back-off; the inbox list and
// an open thread reload over REST after a reconnect, so nothing missed while it was down stays missing.
import type { ChatServerFrame } from '../../contract/service.ts';

export type FrameListener = (f: ChatServerFrame) => void;

export class InboxSocket {
  private ws: WebSocket | null = null;
  private stopped = false;
  private backoff = 500;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onFrame: FrameListener,
    private readonly onReady: () => void,
  ) {
    this.connect();
  }

  send(frame: unknown): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }

  private connect(): void {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/admin/api/ws/service`);
    this.ws = ws;
    ws.onmessage = (ev) => {
      const f = JSON.parse(String(ev.data)) as ChatServerFrame;
      if (f.op === 'ready') {
        this.backoff = 500;
        this.onReady();
      } else this.onFrame(f);
    };
    ws.onclose = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 15_000);
    };
  }
}
