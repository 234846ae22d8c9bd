import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { DiscoveryCard, MatchFinderAnswers } from '@contract/discovery';
import { pathFor } from '@contract/routes';
import { interestsQuery } from '@web/api/site-api';
import { countryName } from '@web/components/country-name';
import { FictionalBadge } from '@web/components/fictional-badge';
import { LikeButton } from '@web/components/like-button';
import { ProfileCardPhoto } from '@web/components/profile-card';
import { answerCount } from './match-finder-api';

type ScoredCard = DiscoveryCard & { score: number };

/** One member who fits, with how many answers they match, told as it is. */
function MatchCard({ profile, total }: { profile: ScoredCard; total: number }) {
  const { t, i18n } = useTranslation(['match-finder', 'common']);
  const headingId = `match-finder-card-${profile.id}`;
  return (
    <article className="card profile-card h-100 border-0 shadow-sm" aria-labelledby={headingId}>
      <Link to={pathFor('members-id', { id: profile.id })} className="text-reset">
        {/* The whole warning is below, in the card's body. */}
        <ProfileCardPhoto profile={profile} />
      </Link>
      <div className="card-body p-2 p-md-3 d-flex flex-column gap-2">
        <div>
          <h2 id={headingId} className="h6 mb-1 text-truncate">
            {t('profileCard.nameAge', { name: profile.name, age: profile.age })}
          </h2>
          <p className="small text-body-secondary mb-0 text-truncate">
            {countryName(profile.country, i18n.language)}
          </p>
        </div>
        <p className="small fw-semibold text-pink mb-0">
          {t('results.score', { score: profile.score, count: total })}
        </p>
        {profile.fictional && <FictionalBadge withWarning />}
        <div className="mt-auto">
          <LikeButton profile={profile} liked={profile.liked} size="sm" block />
        </div>
      </div>
    </article>
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
