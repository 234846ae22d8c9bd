import { useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import type { Place } from '@contract/geo';
import { useGeolocationPermission } from './geolocation-permission';
import { Icon } from './icons';

type Outcome = 'idle' | 'locating' | 'filled' | 'outside' | 'failed';

/**
 * "Use my location" above a country and region form: asks the browser for the position only
 * when the visitor presses it, never on page load, and fills in the place when the site
 * serves that country. Hidden where the browser has no geolocation; where the visitor has
 * blocked it, says so instead of offering a button that cannot work (spec §4 states).
 */
export function LocationPrefill({
  countries,
  onPlace,
}: {
  countries: readonly string[];
  onPlace: (place: Place) => void;
}) {
  const { t } = useTranslation();
  const permission = useGeolocationPermission();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  if (permission === 'unsupported') return null;

  async function locate() {
    setOutcome('locating');
    const { locatePlace } = await import('./locate-place');
    const place = await locatePlace();
    if (!place) return setOutcome('failed');
    if (!countries.includes(place.country)) return setOutcome('outside');
    onPlace(place);
    setOutcome('filled');
  }

  const message =
    permission === 'denied'
      ? t('location.denied')
      : outcome === 'idle'
        ? null
        : t(`location.${outcome}`);
  return (
    <div className="mb-3">
      {permission !== 'denied' && (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-1"
          onClick={() => void locate()}
          disabled={outcome === 'locating'}
        >
          <Icon name="compass" size={16} />
          {t('location.useMine')}
        </button>
      )}
      <div role="status" className="form-text">
        {message}
      </div>
    </div>
  );
}
