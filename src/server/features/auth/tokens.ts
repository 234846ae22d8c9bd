import { hash, randomBytes } from 'node:crypto';

/** A random token of 256 bits, URL-safe; only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Asked on every call of a logged-in member: the one-shot `hash` costs a third of a Hash object. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}
