import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/*
 * RFC 6238 time-based one-time passwords through otplib v13 (issue 30 item 1 asks for a
 * maintained library): SHA-1, 6 digits, 30 s steps, what every authenticator app reads from
 * an otpauth:// URL. This file is the only place that talks to otplib; the replay refusal
 * (a step used before) stays with the staff table (`takeTotpStep`), which compares and sets
 * the last used step atomically, so two instances cannot both accept the same code.
 */

const STEP_SECONDS = 30;
/** One step of clock drift either side of now (otplib counts the tolerance in seconds). */
const DRIFT_SECONDS = STEP_SECONDS;
const OPTIONS = { algorithm: 'sha1', digits: 6, period: STEP_SECONDS } as const;

/** A new 160-bit secret, base32 (RFC 4226 recommends 160 bits). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function timeStepOf(at: Date): number {
  return Math.floor(at.getTime() / 1000 / STEP_SECONDS);
}

/** The code of one time step (what an authenticator app shows during that step). */
export function totpCode(secret: string, step: number): string {
  return generateSync({ ...OPTIONS, secret, epoch: step * STEP_SECONDS });
}

/**
 * The time step a code belongs to, one step either side of now allowed for clock drift, or
 * undefined. The caller refuses a step it accepted before (replay: issue 30 item 1).
 */
export function matchingStep(secret: string, code: string, at = new Date()): number | undefined {
  // otplib throws on a token that is not digits; a typo is simply no match here.
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = verifySync({
    ...OPTIONS,
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
  });
  // The functional API's answer also covers HOTP; only TOTP's names the step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** What an authenticator app scans (Key Uri Format). */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return generateURI({ ...OPTIONS, secret, issuer, label: account });
}
