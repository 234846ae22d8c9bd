import { useId } from 'react';
import type { LoggedInUser } from '@contract/account';
import { ResendActivationMail } from '@web/components/resend-activation-mail';
import { useTranslation } from '@web/i18n/use-translation';

/**
 * Whether the server would refuse this member's messages as activation_required: a member
 * whose address is not confirmed yet, so whose profile is not enabled (spec §3; the server's
 * rule is hiddenBecause in features/members/visible-members.ts).
 */
export function mustConfirmBeforeSending(user: LoggedInUser): boolean {
  return user.status !== 'active' || user.profile.status !== 'enabled';
}

/**
 * In place of the composer for a member who has not confirmed their address (issue 29 item
 * 15): said before they type, not after every bubble fails, with the activation mail sent
 * again on request (POST resend-activation, as the activation reminder does).
 */
export function ConfirmEmailNotice() {
  const { t } = useTranslation('chat');
  const id = useId();
  return (
    <section className="chat-composer bg-body border-top" aria-labelledby={`${id}-text`}>
      <div className="chat-column px-2 px-sm-3 pt-2 pb-2">
        <p className="mb-2" id={`${id}-text`}>
          {t('composer.confirmFirst')}
        </p>
        <ResendActivationMail buttonClass="btn-primary" />
      </div>
    </section>
  );
}
