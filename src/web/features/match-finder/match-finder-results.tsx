import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import type { DiscoveryCard, MatchFinderAnswers } from '@contract/discovery';
import { interestsQuery } from '@web/api/site-api';
import { ProfileCard } from '@web/components/profile-card';
import { answerCount } from './match-finder-api';

type ScoredCard = DiscoveryCard & { score: number };

/**
 * One member who fits: the one card of every list (issue 32 item 5), with how many answers
 * they match, told as it is, where other lists put a marker.
 */
function MatchCard({ profile, total }: { profile: ScoredCard; total: number }) {
  const { t } = useTranslation('match-finder');
  return (
    <ProfileCard
      profile={profile}
      headingLevel={2}
      marker={
        <p className="small fw-semibold text-pink mb-1 text-truncate">
          {t('results.score', { score: profile.score, count: total })}
        </p>
      }
    />
  );
}

/** The kept answers in a line, with the way to change them. */
function AnswersSummary({ answers, onEdit }: { answers: MatchFinderAnswers; onEdit: () => void }) {
  const { t } = useTranslation(['match-finder', 'common']);
  const { data: interests = [] } = useQuery(interestsQuery);
  const interestNames = interests
    .filter((interest) => answers.interests.includes(interest.id))
    .map((interest) => t(`profile.interests.${interest.key}`));
  return (
    <div className="card border-0 bg-body-tertiary mb-4">
      <div className="card-body d-flex flex-wrap gap-3 align-items-center justify-content-between">
        <dl className="d-flex flex-wrap gap-3 gap-md-4 mb-0">
          <div>
            <dt className="small text-body-secondary fw-normal">{t('summary.age')}</dt>
            <dd className="mb-0 fw-semibold">
              {t('summary.ages', { min: answers.min_age, max: answers.max_age })}
            </dd>
          </div>
          <div>
            <dt className="small text-body-secondary fw-normal">{t('summary.seeking')}</dt>
            <dd className="mb-0 fw-semibold">{t(`profile.options.seeking.${answers.seeking}`)}</dd>
          </div>
          <div>
            <dt className="small text-body-secondary fw-normal">{t('summary.interests')}</dt>
            <dd className="mb-0 fw-semibold">
              {interestNames.length > 0 ? interestNames.join(', ') : t('summary.noInterests')}
            </dd>
          </div>
        </dl>
        <button type="button" className="btn btn-outline-primary" onClick={onEdit}>
          {t('results.edit')}
        </button>
      </div>
    </div>
  );
}

/** The members who fit the kept answers, best first (the server ranks them by score). */
export function MatchFinderResults({
  answers,
  results,
  onEdit,
}: {
  answers: MatchFinderAnswers;
  results: ScoredCard[];
  onEdit: () => void;
}) {
  const { t } = useTranslation(['match-finder', 'common']);
  const total = answerCount(answers);
  return (
    <>
      <div className="mb-3">
        <h1 className="h2 mb-1">{t('results.title')}</h1>
        <p className="text-body-secondary mb-0" role="status">
          {t('results.count', { count: results.length })}
        </p>
      </div>
      <AnswersSummary answers={answers} onEdit={onEdit} />
      {results.length === 0 ? (
        <div className="text-center py-5">
          <p className="fs-5">{t('results.empty')}</p>
          <button type="button" className="btn btn-pink" onClick={onEdit}>
            {t('results.edit')}
          </button>
        </div>
      ) : (
        <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled mb-0">
          {results.map((profile) => (
            <li key={profile.id} className="col">
              <MatchCard profile={profile} total={total} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
