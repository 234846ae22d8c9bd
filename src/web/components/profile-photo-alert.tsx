import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { CompactBanner } from './compact-banner';
import { dismiss } from './dismissals';

/**
 * spec §9 PROFILE_PHOTO_ALERT: a member without a main photo is invited to add one; the slot
 * decides when (site-banner-rules.ts). A phone shows the short line; dismissing it (spec §4
 * hide-enrich-alert) hands the slot on.
 */
export function ProfilePhotoAlert() {
  const { t } = useTranslation();
  return (
    <CompactBanner
      tone="info"
      line={t('alerts.PROFILE_PHOTO_ALERT')}
      phoneLine={t('alerts.PROFILE_PHOTO_ALERT_SHORT')}
      action={
        <Link to={pathFor('profile')} className="btn btn-sm btn-primary">
          {t('alerts.PROFILE_PHOTO_ALERT_ACTION')}
        </Link>
      }
      onDismiss={() => dismiss('hide-enrich-alert')}
      dismissLabel={t('alerts.dismiss')}
    />
  );
}
