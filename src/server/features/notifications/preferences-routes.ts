import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@contract/endpoints/notifications';
import { EMAIL_DISABLED_REASONS, type EmailDisabledReason } from '@contract/notifications';
import { findMemberById, resumeMemberEmail } from '@server/db/members-table';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { changePreferences, readPreferences } from './preferences-table';

const isReason = (value: string): value is EmailDisabledReason =>
  (EMAIL_DISABLED_REASONS as readonly string[]).includes(value);

/** The notifications page's data (spec §2): each kind per channel, and why e-mail is off. */
async function settingsOf({ db }: Services, memberId: number) {
  const member = await findMemberById(db, memberId);
  return {
    ...(await readPreferences(db, memberId)),
    email_disabled: (member?.notifications_disabled ?? []).filter(isReason),
  };
}

export function preferencesRoutes(app: FastifyInstance, services: Services) {
  registerEndpoint(app, notificationsApi.settings, async ({ reply, member }) => {
    reply.header('cache-control', 'no-store');
    return settingsOf(services, member.id);
  });

  registerEndpoint(app, notificationsApi.changeSettings, async ({ reply, member, body }) => {
    await services.db.transaction().execute(async (trx) => {
      await changePreferences(trx, member.id, body);
      // spec §8: the member sees why e-mail stopped and can turn it back on.
      if (body.resume_email) await resumeMemberEmail(trx, member.id);
    });
    reply.header('cache-control', 'no-store');
    return settingsOf(services, member.id);
  });
}
