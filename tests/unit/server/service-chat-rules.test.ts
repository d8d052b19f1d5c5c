// Pure parts of the service chat: what a text becomes before it is stored and when it is refused, the
// per-socket stream that hands out every seq once and in order whatever the bus did, and the CSP of the
// serviceJs pages with the third-party script's origin.
import { describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX, type ChatMessage } from '../../../contract/service.ts';
import { cleanChatText } from '../../../server/domain/service-chat/chat-rules.ts';
import { ChatStream } from '../../../server/domain/service-chat/chat-stream.ts';
import { cspWithOrigin, scriptOrigin } from '../../../server/plugins/service-script-csp.ts';

const msg = (seq: number): ChatMessage => ({
  id: seq,
  conversationId: 1,
  seq,
  side: 'user',
  kind: 'text',
  text: `m${seq}`,
  clientId: `cid-${seq}-xxxx`,
  at: seq,
});

describe('cleanChatText', () => {
  it('trims, drops controls and bidi overrides, keeps Urdu joiners and line breaks', () => {
    expect(cleanChatText('  سلام\u200c دنیا \u202e\u0007 ')).toEqual({ ok: true, text: 'سلام\u200c دنیا' });
    expect(cleanChatText('a\r\n\r\n\r\n\r\nb')).toEqual({ ok: true, text: 'a\n\nb' });
  });
  it('refuses what is empty once cleaned, and more than the limit in characters', () => {
    expect(cleanChatText(' \u202a\u0000\n ')).toEqual({ ok: false, reason: 'empty' });
    expect(cleanChatText('ب'.repeat(CHAT_TEXT_MAX)).ok).toBe(true);
    expect(cleanChatText('ب'.repeat(CHAT_TEXT_MAX + 1))).toEqual({ ok: false, reason: 'long' });
    // An emoji is one character, though two UTF-16 units.
    expect(cleanChatText('😀'.repeat(CHAT_TEXT_MAX)).ok).toBe(true);
  });
});

describe('ChatStream', () => {
  it('drops repeats and fills gaps from the store, in order', async () => {
    const store = [1, 2, 3, 4, 5, 6].map(msg);
    const out: number[] = [];
    const s = new ChatStream(
      0,
      async (after, before) => store.filter((m) => m.seq > after && m.seq < before),
      (m) => out.push(m.seq),
      (e) => {
        throw e;
      },
    );
    s.offer(msg(1));
    s.offer(msg(1));
    s.offer(msg(4)); // 2 and 3 were lost on the bus
    s.offer(msg(3)); // late: already sent
    s.offer(msg(6));
    await s.catchUp();
    expect(out).toEqual([1, 2, 3, 4, 5, 6]);
    expect(s.lastSeq).toBe(6);
  });
});

describe('the serviceJs CSP', () => {
  it('adds the script origin to the directives a widget needs, and frame-src', () => {
    const policy =
      "default-src 'self';script-src 'self';connect-src 'self';img-src 'self' data:;style-src 'self'";
    expect(cspWithOrigin(policy, 'https://chat.example.com')).toBe(
      "default-src 'self'; script-src 'self' https://chat.example.com; connect-src 'self' https://chat.example.com; " +
        "img-src 'self' data: https://chat.example.com; style-src 'self' https://chat.example.com; frame-src https://chat.example.com",
    );
  });
  it('takes only https addresses', () => {
    expect(scriptOrigin('https://chat.example.com/x/w.js?k=1')).toBe('https://chat.example.com');
    expect(scriptOrigin('http://chat.example.com/w.js')).toBeNull();
    expect(scriptOrigin('javascript:alert(1)')).toBeNull();
    expect(scriptOrigin('')).toBeNull();
  });
});
