import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { dismiss, isDismissed } from './dismissals';
import { Icon } from './icons';

// spec §9: not shown on the profile, signup, activate-done, premium, notifications,
// directdebit and settings routes.
const HIDDEN_ON = [
  'profile',
  'signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
] as const;

/** spec §9 PROFILE_PHOTO_ALERT: a logged-in member without a main photo is invited to add one. */
export function ProfilePhotoAlert() {
  const { t } = useTranslation();
  const { user } = useUser();
  const location = useLocation();
  const [hidden, setHidden] = useState(() => isDismissed('hide-enrich-alert'));
  const onHiddenRoute = HIDDEN_ON.some((name) => pathFor(name) === location.pathname);
  if (!user || user.profile.main_image !== null || onHiddenRoute || hidden) return null;
  return (
    <div
      className="alert alert-info alert-dismissible rounded-0 mb-0 border-0 border-bottom"
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
