import type { Db } from '../../src/server/db/database';
import { timeStepOf, totpCode } from '../../src/server/features/staff';

/**
 * The authenticator code a staff member can log in with now. The browser tests share one
 * server, and a TOTP step the server took once is refused again (replay, issue 30 item 1):
 * when another test file logged the same demo person in during the current 30 s, the next
 * step's code is used instead, which the server accepts (one step of drift).
 */
export async function freshConsoleCode(db: Db, email: string, secret: string): Promise<string> {
  const { totp_last_step } = await db
    .selectFrom('staff')
    .select('totp_last_step')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const step = Math.max(timeStepOf(new Date()), Number(totp_last_step) + 1);
  // The server takes one step of drift: when the steps up to the next one are used too (many
  // console logins in one minute), wait until the clock reaches the one before it.
  while (step > timeStepOf(new Date()) + 1) {
    const nextStepAt = (timeStepOf(new Date()) + 1) * 30_000;
    await new Promise((resolve) => setTimeout(resolve, nextStepAt - Date.now() + 50));
  }
  return totpCode(secret, step);
}
