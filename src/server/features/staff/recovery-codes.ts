import { randomBytes } from 'node:crypto';
import { hashToken } from '@server/features/auth';

const CODE_COUNT = 10;

/** Ten one-time codes for a lost authenticator (issue 30 item 1), e.g. "k3x9f-2mq7d". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: CODE_COUNT }, () => {
    const text = randomBytes(8).toString('hex').slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** The stored form: a hash of the code without its dash, so "k3x9f2mq7d" counts as well. */
export function hashRecoveryCode(code: string): string {
  return hashToken(`recovery:${code.replace(/[-\s]/g, '').toLowerCase()}`);
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[0-9a-f]{5}-?[0-9a-f]{5}$/i.test(code);
}
