// @vitest-environment jsdom
// The chat hook's socket side with a stand-in WebSocket and the history answered at the fetch level: a text the
// server refuses as busy (it names the message) stays pending and is sent again, with the same client id,
// after a pause; any other refusal drops it and shows the message.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_ERR } from '../../../../contract/ws-codes.ts';
import { useChat } from '../../../../src/features/service/use-chat.ts';

class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  /** A frame from the server. */
  hear(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const who = { kind: 'guest', token: 'g' } as const;

beforeEach(() => {
  FakeSocket.last = null;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ code: 0, msg: '', data: { list: [], more: false, peerReadSeq: 0 } })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function liveChat() {
  const hook = renderHook(() => useChat(who));
  await vi.waitFor(() => expect(FakeSocket.last?.sent[0]).toMatchObject({ op: 'hello' }));
  const ws = FakeSocket.last!;
  act(() => ws.hear({ op: 'ready', conv: 7, lastSeq: 0, peerReadSeq: 0 }));
  return { hook, ws };
}

describe('useChat', () => {
  it('sends a text refused as busy again with the same id after a pause, and keeps it pending', async () => {
    const { hook, ws } = await liveChat();
    act(() => hook.result.current.sendText('salaam'));
    const first = ws.sent.at(-1)!;
    expect(first).toMatchObject({ op: 'send', text: 'salaam' });
    act(() => ws.hear({ op: 'err', code: WS_ERR.busy, msg: 'busy', cid: first['cid'] }));
    expect(hook.result.current.state.pending).toHaveLength(1);
    expect(hook.result.current.state.error).toBeNull();
    const sends = () => ws.sent.filter((f) => f['op'] === 'send');
    expect(sends()).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(2_100));
    expect(sends()).toEqual([first, first]);
    // The stored copy comes back: no longer pending.
    const m = {
      id: 1,
      conversationId: 7,
      seq: 1,
      side: 'user',
      kind: 'text',
      text: 'salaam',
      clientId: first['cid'],
    };
    act(() => ws.hear({ op: 'msg', m: { ...m, operatorName: null, createdAt: 0 } }));
    expect(hook.result.current.state.pending).toEqual([]);
    hook.unmount();
  });

  it('drops a text refused for itself and shows why', async () => {
    const { hook, ws } = await liveChat();
    act(() => hook.result.current.sendText('x'));
    const cid = ws.sent.at(-1)!['cid'];
    act(() => ws.hear({ op: 'err', code: -1001, msg: 'Too many messages', cid }));
    expect(hook.result.current.state.pending).toEqual([]);
    expect(hook.result.current.state.error).toBe('Too many messages');
    await act(async () => vi.advanceTimersByTimeAsync(2_100));
    expect(ws.sent.filter((f) => f['op'] === 'send')).toHaveLength(1);
    hook.unmount();
  });
});
