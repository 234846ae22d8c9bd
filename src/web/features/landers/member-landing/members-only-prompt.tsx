import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { openSignupModal } from '@web/components/signup-modal-store';
import { useTranslation } from '@web/i18n/use-translation';

/**
 * A member landing page where the site lets only members see members (spec §6
 * logged_out_search off, issue 29 item 6): nothing of the member, the same for every id, and
 * the way in.
 */
export function MembersOnlyPrompt() {
  const { t } = useTranslation('member-landing');
  return (
    <section className="container py-5">
      <div className="text-center py-5 px-3 bg-body-tertiary rounded-3 mx-auto members-only-prompt">
        <h1 className="h3">{t('membersOnly.title')}</h1>
        <p className="text-body-secondary mb-4">{t('membersOnly.text')}</p>
        <div className="d-flex justify-content-center flex-wrap gap-2">
          <button type="button" className="btn btn-pink px-4" onClick={() => openSignupModal()}>
            {t('membersOnly.signup')}
          </button>
          <Link to={pathFor('login')} className="btn btn-outline-primary px-4">
            {t('membersOnly.login')}
          </Link>
        </div>
      </div>
    </section>
  );
}
