import { ScureBase32Plugin, generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchingStep, newTotpSecret, otpauthUrl, timeStepOf, totpCode } from './totp';

// RFC 6238 appendix B, SHA-1: the secret is the ASCII "12345678901234567890"; the RFC's codes
// have 8 digits, ours the last 6 of them.
const RFC_SECRET = new ScureBase32Plugin().encode(new TextEncoder().encode('12345678901234567890'));
const VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP (RFC 6238, through otplib)', () => {
  it('gives the RFC test vectors', () => {
    for (const [seconds, code] of VECTORS)
      expect(totpCode(RFC_SECRET, timeStepOf(new Date(seconds * 1000)))).toBe(code.slice(-6));
  });

  it('makes 160-bit base32 secrets', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(newTotpSecret());
  });

  it('accepts a code one step either side of now, not two, and names its step', () => {
    const at = new Date(1_700_000_000_000);
    const step = timeStepOf(at);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step), at)).toBe(step);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step + 2), at)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step - 2), at)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, 'abcdef', at)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, '1234567', at)).toBeUndefined();
  });

  it("accepts a code from otplib's own generator at the current time", () => {
    const secret = newTotpSecret();
    const code = generateSync({ secret });
    expect(matchingStep(secret, code)).toBe(timeStepOf(new Date()));
  });

  it('writes an otpauth URL an authenticator app reads', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'a@b.example', 'Amora'));
    expect(`${url.protocol}//${url.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Amora:a@b.example');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Amora');
  });
});
