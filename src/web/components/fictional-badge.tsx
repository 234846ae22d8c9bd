import { useSite } from '@web/components/site-context';
import { Icon } from './icons';

/**
 * The fictional-profile marker (spec §1: "no physical contact possible"). It carries the
 * site's fictional_warning as visible text where space allows, and as its title always.
 */
export function FictionalBadge({ withWarning = false }: { withWarning?: boolean }) {
  const site = useSite();
  return (
    <div className="fictional-badge">
      <span className="badge text-bg-warning" title={site.fictional_warning}>
        <span className="d-inline-flex align-items-center gap-1">
          <Icon name="mask" size={12} />
          {site.fictional_singular}
        </span>
      </span>
      {withWarning && (
        <p className="small text-body-secondary mt-1 mb-0">{site.fictional_warning}</p>
      )}
    </div>
  );
}
