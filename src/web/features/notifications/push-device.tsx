import { useEffect, useState } from 'react';
import { useSite } from '@web/components/site-context';
import { useTranslation } from '@web/i18n/use-translation';
import {
  type PushState,
  currentPushState,
  subscribeToPush,
} from '@web/components/push-subscription';

const STATE_TEXT: Record<PushState, string> = {
  unsupported: 'device.unsupported',
  denied: 'device.denied',
  subscribed: 'device.subscribed',
  'not-subscribed': 'device.notSubscribed',
};

/** This device's push state (spec §4) and the button that subscribes it. */
export function PushDevice() {
  const { t } = useTranslation('notifications');
  const site = useSite();
  const [state, setState] = useState<PushState | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentPushState().then(setState, () => setState('unsupported'));
  }, []);

  const enable = async () => {
    if (!site.push_public_key) return;
    setBusy(true);
    setFailed(false);
    try {
      setState(await subscribeToPush(site.push_public_key));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card border-0 shadow-sm p-3 p-md-4 mt-4" aria-labelledby="push-heading">
      <h2 id="push-heading" className="h5">
        {t('device.heading')}
      </h2>
      {state && <p className="mb-2">{t(STATE_TEXT[state])}</p>}
      {state === 'not-subscribed' && site.push_public_key && (
        <button type="button" className="btn btn-primary" onClick={enable} disabled={busy}>
          {t('device.enable')}
        </button>
      )}
      {failed && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {t('device.failed')}
        </div>
      )}
    </section>
  );
}
