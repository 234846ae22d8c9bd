import { type FormEvent, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { signupRequestSchema } from '@contract/account';
import { browserTimeZone } from '@contract/time-zone';
import { useUserMutation } from '@web/api/user-mutations';
import { useSite } from '@web/components/site-context';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { landingPage, trackingValues } from '@web/components/tracking-values';
import { dateOfBirthProblem } from './date-of-birth-problem';
import { accountApi } from '@web/api/endpoints';

interface SignupFormProps {
  /** Shows the first-message field when signing up from a member's page. */
  withMessage?: boolean;
  /** The member whose page it is: the first message goes to them on activation (issue 9 §6). */
  messageTo?: number | undefined;
  /** A first message the visitor already wrote (a member landing page's chat box). */
  initialMessage?: string | undefined;
  onBusyChange?: (busy: boolean) => void;
  onSignedUp: () => void;
  onLoginInstead: () => void;
}

/**
 * spec §3 "Signup form": email, name, password, date_of_birth, signup_message. Shared UI: the
 * signup page and modal (auth) and the member landing pages (landers) show it.
 */
export function SignupForm({
  withMessage = false,
  messageTo,
  initialMessage,
  onBusyChange,
  onSignedUp,
  onLoginInstead,
}: SignupFormProps) {
  const { t } = useTranslation();
  const site = useSite();
  const signup = useUserMutation(accountApi.signUp);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const tracking = trackingValues();
  const [invite, setInvite] = useState(tracking.invite ?? '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const candidate = {
      ...tracking,
      ...data,
      ...(invite ? { invite } : {}),
      landing_page: landingPage(),
      signup_message: data.signup_message || undefined,
      ...(messageTo && data.signup_message?.trim() ? { signup_message_to: messageTo } : {}),
      // The member's day in the swipe game ends at their own midnight (spec §9).
      time_zone: browserTimeZone(),
    };
    // The same rules as the server (spec §5), so mistakes show before a round trip.
    const parsed = signupRequestSchema.safeParse(candidate);
    const errors: Record<string, string> = parsed.success
      ? {}
      : Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            t(`errors.${issue.message}`, { defaultValue: t('errors.invalid_value') }),
          ]),
        );
    // spec §5: too young is not an invalid date; the message names the minimum age (min_age+).
    if (!errors.date_of_birth && data.date_of_birth) {
      const problem = dateOfBirthProblem(data.date_of_birth, site.min_age);
      if (problem === 'underage')
        errors.date_of_birth = t('signup.underage', { minAge: site.min_age });
      else if (problem) errors.date_of_birth = t('errors.date_of_birth_invalid');
    }
    if (!parsed.success || Object.keys(errors).length > 0) {
      setLocalErrors(errors);
      return;
    }
    setLocalErrors({});
    onBusyChange?.(true);
    try {
      await signup.mutateAsync(parsed.data);
      onSignedUp();
    } catch {
      // shown below from signup.error
    } finally {
      onBusyChange?.(false);
    }
  }

  const fieldErrors = { ...fieldErrorTexts(t, signup.error), ...localErrors };
  const message = apiErrorText(t, signup.error);
  return (
    <form noValidate onSubmit={submit} aria-label={t('signup.title')}>
      <FormAlert variant="danger">{message}</FormAlert>
      <FormField
        id="signup-email"
        name="email"
        type="email"
        autoComplete="email"
        label={t('signup.email')}
        error={fieldErrors.email}
        required
      />
      <FormField
        id="signup-name"
        name="name"
        autoComplete="nickname"
        label={t('signup.name')}
        hint={t('signup.nameHint')}
        error={fieldErrors.name}
        required
      />
      <FormField
        id="signup-password"
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('signup.password')}
        hint={t('signup.passwordHint')}
        error={fieldErrors.password}
        required
      />
      <FormField
        id="signup-date-of-birth"
        name="date_of_birth"
        type="date"
        autoComplete="bday"
        label={t('signup.dateOfBirth')}
        hint={t('signup.dateOfBirthHint', { minAge: site.min_age })}
        error={fieldErrors.date_of_birth}
        required
      />
      {site.signups === 'invite_only' && (
        <FormField
          id="signup-invite"
          label={t('signup.invite')}
          value={invite}
          onChange={(event) => setInvite(event.target.value)}
          error={fieldErrors.invite}
          required
        />
      )}
      {withMessage && (
        <div className="mb-3">
          <label htmlFor="signup-message" className="form-label fw-semibold">
            {t('signup.message')}
          </label>
          <textarea
            id="signup-message"
            name="signup_message"
            className="form-control"
            rows={3}
            maxLength={1000}
            defaultValue={initialMessage}
          />
        </div>
      )}
      <button type="submit" className="btn btn-pink btn-lg w-100" disabled={signup.isPending}>
        {signup.isPending ? t('signup.submitting') : t('signup.submit')}
      </button>
      <p className="small text-body-secondary mt-3 mb-0 text-center">
        {t('signup.alreadyMember')}{' '}
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          onClick={onLoginInstead}
        >
          {t('nav.login')}
        </button>
      </p>
    </form>
  );
}
