import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useTranslation } from '@web/i18n/use-translation';

/** Which e-mails and push messages arrive is set on the notifications page (spec §2). */
export function NotificationsLink() {
  const { t } = useTranslation('account-settings');
  return (
    <section className="card border-0 shadow-sm p-3 p-md-4" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading" className="h5">
        {t('notifications.title')}
      </h2>
      <p className="text-body-secondary">{t('notifications.text')}</p>
      <Link to={pathFor('notifications')} className="btn btn-outline-primary align-self-start">
        {t('notifications.link')}
      </Link>
    </section>
  );
}
