import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * RFC 6238 time-based one-time passwords (SHA-1, 6 digits, 30 s steps: what every
 * authenticator app reads from an otpauth:// URL). FALLBACK: the brief asked for `otplib`,
 * which is not installed here (docs/decisions.md "TOTP without otplib"); this file is the one
 * place to swap it in. Tested against the RFC's own vectors in totp.test.ts.
 */

const STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32 (RFC 4226 recommends 160 bits). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function timeStepOf(at: Date): number {
  return Math.floor(at.getTime() / 1000 / STEP_SECONDS);
}

/** The code of one time step (RFC 4226 HOTP with the step as counter). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The time step a code belongs to, one step either side of now allowed for clock drift, or
 * undefined. The caller refuses a step it accepted before (replay: issue 30 item 1).
 */
export function matchingStep(secret: string, code: string, at = new Date()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = timeStepOf(at);
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(totpCode(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return undefined;
}

/** What an authenticator app scans (Key Uri Format). */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
