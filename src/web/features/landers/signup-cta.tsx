import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { openSignupModal } from '@web/components/signup-modal-store';

/**
 * Every lander's call to action: it opens the signup modal, which sends the tracking values
 * the visitor arrived with (spec §3). A logged-in member is taken to the members instead.
 */
export function SignupCta({ className = 'btn-pink', size = 'lg' }: CtaStyle) {
  const { t } = useTranslation('landers');
  const { user } = useUser();
  const classes = `btn ${className} btn-${size} px-4 fw-bold lander-cta`;
  if (user) {
    return (
      <Link to={pathFor('members')} className={classes}>
        {t('cta.members')}
      </Link>
    );
  }
  return (
    <button type="button" className={classes} onClick={() => openSignupModal()}>
      {t('cta.signup')}
    </button>
  );
}

interface CtaStyle {
  /** The button's colour classes, e.g. `btn-light`. */
  className?: string;
  size?: 'sm' | 'lg';
}
