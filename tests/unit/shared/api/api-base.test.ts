// API base of spec §7: page protocol + api. + parent domain + /api/, same origin where that cannot exist.
import { describe, expect, it } from 'vitest';
import { apiBase, currentApiBase, parentDomain } from '../../../../src/shared/api/api-base.ts';

const at = (hostname: string, protocol = 'https:') => ({ protocol, hostname });

describe('apiBase', () => {
  it.each([
    ['app.example.com', 'https://api.example.com/api/'],
    ['www.example.com', 'https://api.example.com/api/'],
    ['example.com', 'https://api.example.com/api/'],
    ['m.app.example.com', 'https://api.app.example.com/api/'],
    ['APP.Example.COM', 'https://api.example.com/api/'],
    ['app.example.com.', 'https://api.example.com/api/'],
    ['app.example.com.pk', 'https://api.example.com.pk/api/'],
    ['example.com.pk', 'https://api.example.com.pk/api/'],
    ['www.trade.pk', 'https://api.trade.pk/api/'],
    ['trade.pk', 'https://api.trade.pk/api/'],
    ['h5.broker.co.uk', 'https://api.broker.co.uk/api/'],
    ['api.example.com', 'https://api.example.com/api/'],
    ['m.api.example.com', 'https://api.example.com/api/'],
  ])('%s → %s', (host, expected) => {
    expect(apiBase(at(host))).toBe(expected);
  });

  it('keeps the page protocol', () => {
    expect(apiBase(at('app.example.com', 'http:'))).toBe('http://api.example.com/api/');
  });

  it.each([
    'localhost',
    'app.localhost',
    '127.0.0.1',
    '192.168.1.20',
    '10.0.0.1',
    '[::1]',
    '::1',
    '[2001:db8::1]',
    'devbox',
    '',
  ])('falls back to the same origin on %j', (host) => {
    expect(apiBase(at(host))).toBe('/api/');
  });

  it('lets the build override win, adding the trailing slash', () => {
    expect(apiBase(at('app.example.com'), 'https://gw.example.net/v1')).toBe('https://gw.example.net/v1/');
    expect(apiBase(at('localhost'), '/backend/')).toBe('/backend/');
    expect(apiBase(at('app.example.com'), '  ')).toBe('https://api.example.com/api/');
  });

  it('is same-origin where there is no page location (node)', () => {
    expect(currentApiBase()).toBe('/api/');
  });
});

describe('parentDomain', () => {
  it('drops the first label but never goes below the registrable domain', () => {
    expect(parentDomain('a.b.example.org')).toBe('b.example.org');
    expect(parentDomain('example.org')).toBe('example.org');
    expect(parentDomain('shop.example.com.br')).toBe('example.com.br');
    expect(parentDomain('example.com.br')).toBe('example.com.br');
  });
});
