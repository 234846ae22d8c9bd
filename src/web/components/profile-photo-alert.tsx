import { useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { dismiss, isDismissed } from './dismissals';
import { Icon } from './icons';
import { phoneHiddenClass, profilePhotoAlertApplies } from './site-banner-rules';

/**
 * spec §9 PROFILE_PHOTO_ALERT: a logged-in member without a main photo is invited to add one
 * (when: site-banner-rules.ts); `hiddenOnPhone` when another banner leads (site-banners.tsx).
 */
export function ProfilePhotoAlert({ hiddenOnPhone = false }: { hiddenOnPhone?: boolean }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const location = useLocation();
  const [hidden, setHidden] = useState(() => isDismissed('hide-enrich-alert'));
  if (!profilePhotoAlertApplies(user, location.pathname) || hidden) return null;
  return (
    <div
      className={`alert alert-info alert-dismissible rounded-0 mb-0 border-0 border-bottom${phoneHiddenClass(hiddenOnPhone)}`}
      role="status"
    >
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <Icon name="camera" />
        <span>{t('alerts.PROFILE_PHOTO_ALERT')}</span>
        <Link to={pathFor('profile')} className="btn btn-sm btn-primary">
          {t('alerts.PROFILE_PHOTO_ALERT_ACTION')}
        </Link>
      </div>
      <button
        type="button"
        className="btn-close"
        aria-label={t('alerts.dismiss')}
        onClick={() => {
          dismiss('hide-enrich-alert');
          setHidden(true);
        }}
      />
    </div>
  );
}
