import { useTranslation } from '@web/i18n/use-translation';
import { useSite } from '@web/components/site-context';
import { Icon } from './icons';

/**
 * The fictional-profile marker (spec §1: "no physical contact possible", visible wherever the
 * profile appears). Always visible text, never only a hover title, which phones never show:
 * `withWarning` adds the site's whole fictional_warning where there is room; the short form
 * (lists, notices) says "Physical contact is not possible" beside the label.
 */
export function FictionalBadge({ withWarning = false }: { withWarning?: boolean }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <div className="fictional-badge">
      <span className="badge text-bg-warning">
        <span className="d-inline-flex align-items-center gap-1">
          <Icon name="mask" size={12} />
          {site.fictional_singular}
        </span>
      </span>
      {withWarning ? (
        <p className="small text-body-secondary mt-1 mb-0">{site.fictional_warning}</p>
      ) : (
        <span className="small text-body-secondary ms-1">{t('fictional.noPhysicalContact')}</span>
      )}
    </div>
  );
}
