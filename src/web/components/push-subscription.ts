import { callApi } from '@web/api/call-api';
import { notificationsApi } from '@web/api/endpoints';

/** spec §4: push capable or not; then subscribed, not subscribed, or denied. */
export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'not-subscribed';

/** Where a tab keeps the service worker's last answer (push-alert.tsx); data-owner.ts drops it. */
export const PUSH_STATE_KEY = 'push-state';

const capable = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

export async function currentPushState(): Promise<PushState> {
  if (!capable()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'subscribed' : 'not-subscribed';
}

/** The VAPID key as the push manager wants it (base64url → bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/**
 * Asks the browser for permission and a subscription with the site's key (settings.php
 * push_public_key), and attaches it with POST /api/user.php?push=1 (spec §7).
 */
export async function subscribeToPush(publicKey: string): Promise<PushState> {
  if (!capable()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'not-subscribed';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON();
  await callApi(notificationsApi.subscribePush, {
    query: { push: '1' },
    body: {
      subscription: {
        endpoint: subscription.endpoint,
        expirationTime: subscription.expirationTime,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    },
  });
  return 'subscribed';
}

/**
 * Ends this browser's push subscription, at a logout or another member's login (data-owner.ts):
 * it was attached to the member who left, and the next person at this device must not see
 * their notifications. The push service then answers 404 or 410 for it, and the server drops
 * the row at the next send (push-sender.ts). Best effort: no service worker, nothing to end.
 */
export async function endPushSubscription(): Promise<void> {
  if (!capable()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
