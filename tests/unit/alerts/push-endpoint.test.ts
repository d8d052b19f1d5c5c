// Which push endpoints the server will POST to: only the browsers' push services (a subscription naming any
// other host would let a user aim the server's requests anywhere), or anything http(s) for the tests' stand-in.
import { describe, expect, it } from 'vitest';
import { endpointAllowed } from '../../../server/domain/alerts/push-sender.ts';

describe('push endpoint allow-list', () => {
  it('accepts the browsers push services over https', () => {
    for (const e of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGq',
      'https://db5p.notify.windows.com/w/?token=x',
    ])
      expect(endpointAllowed(e, false), e).toBe(true);
  });

  it('refuses other hosts, look-alikes, ports, http and junk', () => {
    for (const e of [
      'https://example.com/push',
      'https://127.0.0.1/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'not a url',
      'file:///etc/passwd',
    ])
      expect(endpointAllowed(e, false), e).toBe(false);
  });

  it('lets the tests stand-in use any http(s) host, and nothing else', () => {
    expect(endpointAllowed('http://127.0.0.1:4000/push/1', true)).toBe(true);
    expect(endpointAllowed('https://localhost/push/1', true)).toBe(true);
    expect(endpointAllowed('ftp://127.0.0.1/x', true)).toBe(false);
  });
});
