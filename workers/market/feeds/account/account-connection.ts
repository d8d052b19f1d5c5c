// One signed-in account's private channel for as long as that session lasts: the socket at ACCOUNT_WS_PATH
// (the token in the `sub` frame, never in the URL), its seq checks (a gap → `unsub` then `sub`, since the
// server sends nothing new for a channel it holds), pings and liveness, and REST polling while the socket is
// down. It judges and routes messages; the feed (account-feed.ts) applies them. A new account is a new
// connection, so nothing of the previous one can arrive after it closed.
import { ReplaySubject, share, Subject, Subscription, timer } from 'rxjs';
import { WS_ERR, type ServerMessage, type WsErrCode } from '../../../protocol/market.ts';
import type { AccountSession } from '../../../protocol/account-api.ts';
import { ACCOUNT_CHANNEL, type AccountDelta, type AccountSnap } from '../../../protocol/trade.ts';
import type { FeedContext } from '../../host/feed.ts';
import type { FeedSocket, SocketEvent } from '../../sources/socket.ts';
import { acceptSnap, createChannelSeqs, judgeDelta } from '../../state/seq.ts';
import { liveness, pollingStream, serverMessages, socketUp } from '../../streams/feed-streams.ts';
import { pollAccount, type AccountPoll } from './account-rest.ts';

export interface AccountConnectionConfig {
  url: string | null;
  apiBase: string;
  lang: string;
  pollMs: number;
  fallbackMs: number;
  pingMs: number;
  livenessMs: number;
  /** After the server said it is busy (no snapshot is coming), ask again this much later. */
  busyRetryMs: number;
}

/** Where the connection's news goes (the feed). Never called after close(). */
export interface AccountSink {
  snapshot(snap: AccountSnap): void;
  delta(delta: AccountDelta): void;
  polled(poll: AccountPoll): void;
  /** Socket delivering / polling delivering, as they change. */
  sources(up: boolean, pollOk: boolean): void;
  /** The server ended the session: the connection has already stopped. */
  ended(): void;
}

export class AccountConnection {
  private readonly subs = new Subscription();
  private readonly seqs = createChannelSeqs();
  private readonly socket: FeedSocket | null;
  private up = false;
  private pollOk = false;
  private closed = false;
  private retry: Subscription | null = null;
  private readonly busyRetryMs: number;
  /** The device has a network (the host's online$): while it has none the socket cannot be up. */
  private online: boolean;
  lang: string;

  constructor(
    ctx: FeedContext,
    cfg: AccountConnectionConfig,
    private readonly session: AccountSession,
    private readonly sink: AccountSink,
  ) {
    this.lang = cfg.lang;
    this.busyRetryMs = cfg.busyRetryMs;
    this.online = ctx.online$.value;
    const { deps } = ctx;
    const events$ = new Subject<SocketEvent>();
    this.socket = cfg.url ? deps.socketFactory(cfg.url, (e) => events$.next(e)) : null;
    const up$ = socketUp(events$).pipe(
      share({ connector: () => new ReplaySubject<boolean>(1), resetOnRefCountZero: false }),
    );
    const messages$ = serverMessages(events$).pipe(share());
    this.subs.add(
      up$.subscribe((up) => {
        this.up = up;
        if (up) this.pollOk = false;
        this.report();
      }),
    );
    // A fresh connection holds no channel: sign in again (the snapshot follows).
    this.subs.add(
      events$.subscribe((e) => {
        if (e.type === 'message') return;
        this.seqs.clear();
        this.cancelRetry();
        if (e.type === 'open') this.sub();
      }),
    );
    this.subs.add(messages$.subscribe((m) => this.onMessage(m)));
    this.subs.add(
      pollingStream<AccountPoll>({
        socketUp$: up$,
        hidden$: ctx.hidden$,
        online$: ctx.online$,
        fallbackMs: cfg.fallbackMs,
        pollMs: cfg.pollMs,
        failed: (r) => r.ok === 0 && !r.ended,
        poll: (signal) =>
          pollAccount(
            { apiBase: cfg.apiBase, token: session.token, lang: this.lang, fetch: deps.fetch },
            signal,
          ),
      }).subscribe((r) => this.onPoll(r)),
    );
    this.subs.add(
      liveness({
        socketUp$: up$,
        messages$,
        pingMs: cfg.pingMs,
        livenessMs: cfg.livenessMs,
        now: deps.now,
      }).subscribe((e) => {
        if (e === 'ping') this.socket?.send({ op: 'ping', t: deps.now() });
        else this.socket?.reconnect();
      }),
    );
  }

  /** Offline: the open link is dead (the device says so). Online: dial at once. */
  setOnline(online: boolean): void {
    if (this.closed) return;
    this.online = online;
    if (!online) this.pollOk = false;
    if (online ? !this.up : this.socket?.isOpen) this.socket?.reconnect();
    this.report();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.subs.unsubscribe();
    this.socket?.close();
  }

  /**
   * Asks for a fresh snapshot (a seq gap, or a held symbol's trading day rolled over): leave the channel,
   * then join again. While the socket is down the next poll reads everything anyway.
   */
  refresh(): void {
    if (this.closed || !this.socket?.isOpen) return;
    this.seqs.delete(ACCOUNT_CHANNEL);
    this.socket.send({ op: 'unsub', ch: [ACCOUNT_CHANNEL] });
    this.sub();
  }

  private sub(): void {
    this.socket?.send({ op: 'sub', ch: [ACCOUNT_CHANNEL], token: this.session.token });
  }

  private onMessage(msg: ServerMessage): void {
    if (this.closed) return;
    if (msg.op === 'err') return this.onErr(msg.code);
    if ((msg.op !== 'snap' && msg.op !== 'delta') || msg.ch !== ACCOUNT_CHANNEL) return;
    if (msg.op === 'snap') {
      acceptSnap(this.seqs, ACCOUNT_CHANNEL, msg.seq);
      return this.sink.snapshot(msg.data as AccountSnap);
    }
    const verdict = judgeDelta(this.seqs, ACCOUNT_CHANNEL, msg.seq);
    if (verdict === 'gap') return this.refresh();
    if (verdict === 'apply') this.sink.delta(msg.data as AccountDelta);
  }

  /**
   * What a refusal means (contract/ws-codes.ts): only an ended session stops the feed (the app then signs out,
   * as for the API's -1000); a busy server is asked again; the rest need nothing from here: a bad frame changed
   * nothing, and after "too fast" or "not signed in in time" the server closes the socket, whose reconnect
   * signs in again.
   */
  private onErr(code: WsErrCode | undefined): void {
    if (code === WS_ERR.sessionEnded) return this.end();
    if (code === WS_ERR.busy) this.retrySub();
  }

  private retrySub(): void {
    if (this.retry) return;
    this.retry = timer(this.busyRetryMs).subscribe(() => {
      this.retry = null;
      if (!this.closed && this.socket?.isOpen) this.sub();
    });
    this.subs.add(this.retry);
  }

  private cancelRetry(): void {
    if (!this.retry) return;
    this.subs.remove(this.retry);
    this.retry.unsubscribe();
    this.retry = null;
  }

  private onPoll(r: AccountPoll): void {
    if (this.closed) return;
    if (r.ended) return this.end();
    this.pollOk = r.ok > 0;
    this.sink.polled(r);
    this.report();
  }

  private end(): void {
    this.close();
    this.sink.ended();
  }

  private report(): void {
    if (!this.closed) this.sink.sources(this.up && this.online, this.pollOk);
  }
}
