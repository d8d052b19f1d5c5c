// @vitest-environment jsdom
// The console's conversation view, on its socket side: a reply the server refused as busy (it names the reply)
// is sent again with the same client id after a pause; a reply refused for itself comes back into the reply box
// with the reason, so the operator does not type it again.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatServerFrame, ConsoleConversation } from '../../../contract/service.ts';
import { WS_ERR } from '../../../contract/ws-codes.ts';
import { InboxThread } from '../../../src/admin/inbox-thread.tsx';

const conversation: ConsoleConversation = {
  id: 7,
  who: '3001234567',
  guest: false,
  lastSeq: 0,
  lastAt: 0,
  unread: 0,
  userReadSeq: 0,
  assignedTo: null,
  mine: true,
};

let listener: ((f: ChatServerFrame) => void) | null = null;
const subscribe = (l: (f: ChatServerFrame) => void) => {
  listener = l;
  return () => (listener = null);
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ code: 0, msg: '', data: { list: [], more: false, peerReadSeq: 0 } })),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function reply(text: string) {
  const box = screen.getByTestId('inbox-input');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box.closest('form')!);
}

describe('InboxThread', () => {
  it('sends a reply refused as busy again with the same id after a pause', async () => {
    const send = vi.fn((_frame: unknown) => true);
    render(
      <InboxThread conversation={conversation} send={send} subscribe={subscribe} onAssigned={() => {}} />,
    );
    reply('Ji, hum dekh rahe hain');
    const sends = () =>
      send.mock.calls.map(([f]) => f as Record<string, unknown>).filter((f) => f['op'] === 'send');
    expect(sends()).toHaveLength(1);
    const first = sends()[0]!;
    act(() => listener?.({ op: 'err', code: WS_ERR.busy, msg: 'busy', cid: first['cid'] as string }));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(2_100));
    expect(sends()).toEqual([first, first]);
  });

  it('puts a reply refused for itself back in the box, with the reason', async () => {
    const send = vi.fn((_frame: unknown) => true);
    render(
      <InboxThread conversation={conversation} send={send} subscribe={subscribe} onAssigned={() => {}} />,
    );
    reply('Shukriya');
    const sent = send.mock.calls.map(([f]) => f as Record<string, unknown>).find((f) => f['op'] === 'send')!;
    expect((screen.getByTestId('inbox-input') as HTMLTextAreaElement).value).toBe('');
    act(() => listener?.({ op: 'err', code: -1001, msg: 'Too many messages', cid: sent['cid'] as string }));
    expect(screen.getByRole('alert').textContent).toBe('Too many messages');
    expect((screen.getByTestId('inbox-input') as HTMLTextAreaElement).value).toBe('Shukriya');
    await act(async () => vi.advanceTimersByTimeAsync(2_100));
    expect(send.mock.calls.filter(([f]) => (f as { op: string }).op === 'send')).toHaveLength(1);
  });
});
