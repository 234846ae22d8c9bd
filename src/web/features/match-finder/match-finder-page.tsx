import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { matchFinderQuery } from './match-finder-api';
import { FIRST_ANSWERS, MatchFinderQuestions } from './match-finder-questions';
import { MatchFinderResults } from './match-finder-results';

function MatchFinder() {
  const { t } = useTranslation(['match-finder', 'common']);
  const { data, error, isPending } = useQuery(matchFinderQuery);
  const [editing, setEditing] = useState(false);
  if (isPending) return <PageSpinner />;
  if (!data) {
    return (
      <>
        <h1 className="h2">{t('title')}</h1>
        <FormAlert variant="danger">{apiErrorText(t, error)}</FormAlert>
      </>
    );
  }

  // A returning member sees the results of the kept answers at once; a first visit asks.
  if (data.answers && !editing) {
    return (
      <MatchFinderResults
        answers={data.answers}
        results={data.results}
        onEdit={() => setEditing(true)}
      />
    );
  }
  return (
    <div className="mx-auto" style={{ maxWidth: '40rem' }}>
      <h1 className="h2 mb-1">{t('title')}</h1>
      <p className="text-body-secondary mb-4">{t('intro')}</p>
      <MatchFinderQuestions
        initial={data.answers ?? FIRST_ANSWERS}
        onDone={() => setEditing(false)}
        onCancel={data.answers ? () => setEditing(false) : undefined}
      />
    </div>
  );
}

/** /match-finder (spec §2): a few questions, then the members who fit them best. */
export function MatchFinderPage() {
  const { t } = useTranslation('match-finder');
  useDocumentTitle(t('title'));
  return (
    <RequireLogin>
      <section className="container py-4 py-md-5">
        <MatchFinder />
      </section>
    </RequireLogin>
  );
}
