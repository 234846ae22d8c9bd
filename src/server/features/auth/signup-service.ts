import { type SignupRequest, isOldEnough } from '@contract/account';
import { type Locale } from '@contract/locales';
import { entryLanderOf } from '@contract/visits';
import type { Db } from '@server/db/database';
import { type Member, toMember } from '@server/db/member-record';
import { bookCredits } from '@server/features/credits';
import { findMemberByEmail, insertMember } from '@server/db/members-table';
import { isCommonPassword } from './common-passwords';
import { countInviteUse, isInviteUsable } from './invites-table';
import { hashPassword } from './password-hashing';
import type { Site } from '@server/features/sites';
import { AppError } from '@server/errors/app-error';

const fieldError = (field: string, code: string) =>
  new AppError('validation_failed', 'invalid', { fields: { [field]: code } });

/** spec §6: signups for all, only with a traffic source, only by invitation, or none. */
async function assertSignupAllowed(db: Db, site: Site, form: SignupRequest) {
  switch (site.settings.signups) {
    case 'all':
      return;
    case 'with_trafficsource':
      if (form.network || form.ref) return;
      throw new AppError('signups_closed', 'forbidden');
    case 'invite_only':
      // The one invite rule (invites-table.ts); the use is counted in the signup's transaction.
      if (!form.invite || !(await isInviteUsable(db, site.id, form.invite)))
        throw new AppError('invite_invalid', 'forbidden');
      return;
    default:
      throw new AppError('signups_closed', 'forbidden');
  }
}

/**
 * Creates a member (not_confirmed until the e-mail is proven) with the signup credits, in
 * one transaction: a failure leaves nothing half-created.
 */
export async function signUp(
  db: Db,
  site: Site,
  form: SignupRequest,
  context: {
    locale: Locale;
    country: string;
    /** Runs in the signup's transaction (the activation mail's job). */
    inTransaction?: (trx: Db, memberId: number) => Promise<void>;
  },
): Promise<Member> {
  if (!isOldEnough(form.date_of_birth, site.settings.min_age)) {
    throw fieldError('date_of_birth', 'date_of_birth_invalid');
  }
  if (isCommonPassword(form.password)) throw fieldError('password', 'password_too_common');
  await assertSignupAllowed(db, site, form);
  if (await findMemberByEmail(db, site.id, form.email))
    throw new AppError('email_taken', 'conflict');

  const passwordHash = await hashPassword(form.password);
  const now = new Date().toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const member = await insertMember(trx, {
        site_id: site.id,
        email: form.email,
        name: form.name,
        password_hash: passwordHash,
        date_of_birth: form.date_of_birth,
        gender: null,
        seeking: null,
        country: context.country,
        language: context.locale,
        about: '',
        status: 'not_confirmed',
        profile_status: 'disabled',
        created_at: now,
        last_active_at: now,
        network: form.network ?? null,
        ref: form.ref ?? null,
        sub1: form.sub1 ?? null,
        sub2: form.sub2 ?? null,
        sub3: form.sub3 ?? null,
        lander: form.landing_page === undefined ? null : entryLanderOf(form.landing_page),
        signup_message: form.signup_message ?? null,
        // Delivered into that conversation on activation (issue 9 §6, features/chat).
        signup_message_to: form.signup_message ? (form.signup_message_to ?? null) : null,
        invite_code: form.invite ?? null,
        time_zone: form.time_zone ?? null,
      });
      if (site.settings.signups === 'invite_only' && form.invite)
        await countInviteUse(trx, site.id, form.invite);
      const credits = site.settings.signup_credits;
      const balance =
        credits > 0
          ? await bookCredits(trx, {
              memberId: member.id,
              amount: credits,
              reason: 'signup',
              idempotencyKey: `signup:${member.id}`,
            })
          : member.credits;
      await context.inTransaction?.(trx, member.id);
      return toMember({ ...member, credits: balance });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Two signups for one address at the same moment: the unique index decides.
    if (await findMemberByEmail(db, site.id, form.email))
      throw new AppError('email_taken', 'conflict');
    throw error;
  }
}
