/**
 * A fresh idempotency key for one message the member means to send (issue 9 §2): generated
 * once, kept with the pending message and sent again on every retry, so the server charges
 * it once however often it arrives. 32 hex characters, inside clientKeySchema's alphabet.
 */
export function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
