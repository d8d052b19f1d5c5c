// Web Push on this device (price alerts, issue 19 item 6): whether it can work here, and turning it on —
// the browser's permission prompt (only after the app has explained it, alert-permission.tsx), then
// PushManager.subscribe with the server's VAPID key (user/push/key) through the service worker, then the
// subscription stored for the signed-in user (user/push/subscribe; the device's language goes with it).
import type { PushKey } from '../../../contract/alerts.ts';
import { getData, postData } from '../api/data-client.ts';

export type PushState = 'unsupported' | 'default' | 'denied' | 'granted';

export function pushState(): PushState {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission;
}

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const b64urlOf = (buf: ArrayBuffer | null): string =>
  buf
    ? btoa(String.fromCharCode(...new Uint8Array(buf)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

/** Asks for permission (if not given yet) and stores this device's subscription; the resulting state. */
export async function enablePush(): Promise<PushState> {
  if (pushState() === 'unsupported') return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return permission;
  const { publicKey } = await getData<PushKey>('user/push/key');
  const reg = await navigator.serviceWorker.ready;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await postData('user/push/subscribe', {
    endpoint: sub.endpoint,
    p256dh: b64urlOf(sub.getKey('p256dh')),
    auth: b64urlOf(sub.getKey('auth')),
  });
  return 'granted';
}
