import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { accountDeletionApi, profilesApi } from '@web/api/endpoints';
import { queryKeys } from '@web/api/query-keys';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useTranslation } from '@web/i18n/use-translation';

const retentionOfferQuery = {
  queryKey: queryKeys.retentionOffer,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(accountDeletionApi.retentionOffer, { signal }).then((answer) => answer.offer),
};

/**
 * What we offer before a member leaves (spec §1, §3 company delete_discount): the company's
 * discount as a personal code, or invisible mode to take a break. Either can be taken, or
 * the member goes on to the password step.
 */
export function RetentionOffer({
  onContinue,
  onStay,
}: {
  onContinue: () => void;
  onStay: () => void;
}) {
  const { t, i18n } = useTranslation('account-settings');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const { data: offer } = useQuery(retentionOfferQuery);
  const discount = useMutation({
    mutationFn: () => callApi(accountDeletionApi.takeRetentionDiscount, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.retentionOffer }),
  });
  const invisible = useMutation({
    mutationFn: () => callApi(profilesApi.setInvisible, { body: { invisible: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownProfile }),
  });
  if (!offer) return null;
  const code = discount.data?.discount ?? offer.discount;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(
    offer.discount_percentage / 100,
  );
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));

  return (
    <div aria-live="polite">
      <h3 className="h6">{t('offer.title')}</h3>
      <FormAlert variant="danger">
        {apiErrorText(tCommon, discount.error ?? invisible.error)}
      </FormAlert>
      {offer.discount_percentage > 0 && (
        <div className="border rounded p-3 mb-3">
          <p className="mb-2">{t('offer.discount', { percent })}</p>
          {code ? (
            <>
              <p className="mb-2">
                {t('offer.code', { date: date(code.expires_at) })}{' '}
                <strong className="font-monospace">{code.code}</strong>
              </p>
              <Link to={pathFor('credits')} className="btn btn-primary btn-sm">
                {t('offer.useCode')}
              </Link>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={discount.isPending}
              onClick={() => discount.mutate()}
            >
              {t('offer.takeDiscount')}
            </button>
          )}
        </div>
      )}
      {!offer.invisible && (
        <div className="border rounded p-3 mb-3">
          {invisible.isSuccess ? (
            <p className="mb-0">{t('offer.invisibleDone')}</p>
          ) : (
            <>
              <p className="mb-2">{t('offer.invisible')}</p>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                disabled={invisible.isPending}
                onClick={() => invisible.mutate()}
              >
                {t('offer.takeInvisible')}
              </button>
            </>
          )}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-secondary" onClick={onStay}>
          {t('offer.stay')}
        </button>
        <button type="button" className="btn btn-link text-danger" onClick={onContinue}>
          {t('offer.continue')}
        </button>
      </div>
    </div>
  );
}
