import { useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { DeleteAccountConfirm } from './delete-account-confirm';
import { RetentionOffer } from './retention-offer';

type Step = 'closed' | 'offer' | 'confirm';

/**
 * spec §1 "account deletion with retention offers": the offer first (a discount or invisible
 * mode), then the password (issue 31 item 7). Nothing is deleted before the last step.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation('account-settings');
  const [step, setStep] = useState<Step>('closed');
  return (
    <section
      className="card border-0 shadow-sm p-3 p-md-4"
      aria-labelledby="delete-account-heading"
    >
      <h2 id="delete-account-heading" className="h5">
        {t('delete.title')}
      </h2>
      {step === 'closed' && (
        <>
          <p className="text-body-secondary">{t('delete.intro')}</p>
          <button
            type="button"
            className="btn btn-outline-danger align-self-start"
            onClick={() => setStep('offer')}
          >
            {t('delete.start')}
          </button>
        </>
      )}
      {step === 'offer' && (
        <RetentionOffer onContinue={() => setStep('confirm')} onStay={() => setStep('closed')} />
      )}
      {step === 'confirm' && <DeleteAccountConfirm onCancel={() => setStep('closed')} />}
    </section>
  );
}
