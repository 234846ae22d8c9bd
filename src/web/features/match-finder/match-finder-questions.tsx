import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import type { MatchFinderAnswers } from '@contract/discovery';
import { SEARCH_AGE } from '@contract/discovery-limits';
import { PROFILE_OPTIONS } from '@contract/profile-options';
import { interestsQuery } from '@web/api/site-api';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useSaveMatchFinder } from './match-finder-api';

const STEPS = ['age', 'seeking', 'interests'] as const;
type Step = (typeof STEPS)[number];

/** A friendly start for a first visit: a wide age range, and no interests chosen yet. */
export const FIRST_ANSWERS: MatchFinderAnswers = {
  min_age: 25,
  max_age: 45,
  seeking: 'both',
  interests: [],
};

function ageProblem(minAge: number, maxAge: number): 'outOfRange' | 'rangeInvalid' | null {
  const inRange = (age: number) =>
    Number.isInteger(age) && age >= SEARCH_AGE.min && age <= SEARCH_AGE.max;
  if (!inRange(minAge) || !inRange(maxAge)) return 'outOfRange';
  return minAge > maxAge ? 'rangeInvalid' : null;
}

/**
 * spec §2 match-finder: one question per step with its progress; the last step stores the
 * answers, and the server answers with the members who fit them.
 */
export function MatchFinderQuestions({
  initial,
  onDone,
  onCancel,
}: {
  initial: MatchFinderAnswers;
  onDone: () => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation(['match-finder', 'common']);
  const { data: interests = [] } = useQuery(interestsQuery);
  const save = useSaveMatchFinder();
  const [stepIndex, setStepIndex] = useState(0);
  const [minAge, setMinAge] = useState(String(initial.min_age));
  const [maxAge, setMaxAge] = useState(String(initial.max_age));
  const [seeking, setSeeking] = useState(initial.seeking);
  const [chosen, setChosen] = useState<number[]>(initial.interests);
  const [showAgeProblem, setShowAgeProblem] = useState(false);
  const questionRef = useRef<HTMLLegendElement>(null);
  const moved = useRef(false);
  const step: Step = STEPS[stepIndex]!;
  const isLast = stepIndex === STEPS.length - 1;
  const problem = ageProblem(Number(minAge), Number(maxAge));

  // Moving to another question puts the focus on it, so a screen reader reads it out.
  useEffect(() => {
    if (moved.current) questionRef.current?.focus();
  }, [stepIndex]);

  const goTo = (index: number) => {
    moved.current = true;
    setStepIndex(index);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'age' && problem) {
      setShowAgeProblem(true);
      return;
    }
    if (!isLast) {
      goTo(stepIndex + 1);
      return;
    }
    save.mutate(
      { min_age: Number(minAge), max_age: Number(maxAge), seeking, interests: chosen },
      { onSuccess: onDone },
    );
  };

  const toggleInterest = (id: number) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );

  const progress = Math.round(((stepIndex + 1) / STEPS.length) * 100);
  return (
    <form onSubmit={submit} noValidate className="card border-0 shadow-sm">
      <div className="card-body p-3 p-md-4">
        <p className="small text-body-secondary mb-1" id="match-finder-progress">
          {t('progress', { step: stepIndex + 1, total: STEPS.length })}
        </p>
        <div
          className="progress mb-4"
          role="progressbar"
          aria-labelledby="match-finder-progress"
          aria-valuenow={stepIndex + 1}
          aria-valuemin={1}
          aria-valuemax={STEPS.length}
          style={{ height: '0.5rem' }}
        >
          <div className="progress-bar bg-pink" style={{ width: `${progress}%` }} />
        </div>

        <fieldset>
          <legend ref={questionRef} tabIndex={-1} className="h4 mb-3">
            {t(`${step}.question`)}
          </legend>

          {step === 'age' && (
            <>
              <div className="row g-3" style={{ maxWidth: '24rem' }}>
                <AgeInput
                  id="match-finder-min-age"
                  label={t('age.from')}
                  value={minAge}
                  invalid={showAgeProblem && Boolean(problem)}
                  onChange={setMinAge}
                />
                <AgeInput
                  id="match-finder-max-age"
                  label={t('age.to')}
                  value={maxAge}
                  invalid={showAgeProblem && Boolean(problem)}
                  onChange={setMaxAge}
                />
              </div>
              <p id="match-finder-age-hint" className="form-text mb-0">
                {t('age.hint', { min: SEARCH_AGE.min, max: SEARCH_AGE.max })}
              </p>
              {showAgeProblem && problem && (
                <p className="text-danger mt-2 mb-0" role="alert">
                  {t(`age.${problem}`, { min: SEARCH_AGE.min, max: SEARCH_AGE.max })}
                </p>
              )}
            </>
          )}

          {step === 'seeking' && (
            <div className="d-flex flex-wrap gap-2">
              {PROFILE_OPTIONS.seeking.map((option) => (
                <div key={option}>
                  <input
                    type="radio"
                    className="btn-check"
                    name="seeking"
                    id={`match-finder-seeking-${option}`}
                    value={option}
                    checked={seeking === option}
                    onChange={() => setSeeking(option)}
                  />
                  <label
                    className="btn btn-lg btn-outline-pink rounded-pill px-4"
                    htmlFor={`match-finder-seeking-${option}`}
                  >
                    {t(`profile.options.seeking.${option}`)}
                  </label>
                </div>
              ))}
            </div>
          )}

          {step === 'interests' && (
            <>
              <p className="text-body-secondary">{t('interests.hint')}</p>
              <div className="d-flex flex-wrap gap-2">
                {interests.map((interest) => (
                  <div key={interest.id}>
                    <input
                      type="checkbox"
                      className="btn-check"
                      id={`match-finder-interest-${interest.id}`}
                      checked={chosen.includes(interest.id)}
                      onChange={() => toggleInterest(interest.id)}
                    />
                    <label
                      className="btn btn-sm btn-outline-pink rounded-pill"
                      htmlFor={`match-finder-interest-${interest.id}`}
                    >
                      {t(`profile.interests.${interest.key}`)}
                    </label>
                  </div>
                ))}
              </div>
            </>
          )}
        </fieldset>

        <div className="mt-3">
          <FormAlert variant="danger">{apiErrorText(t, save.error)}</FormAlert>
        </div>

        <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mt-3">
          <div className="d-flex gap-2">
            {stepIndex > 0 && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => goTo(stepIndex - 1)}
              >
                {t('back')}
              </button>
            )}
            {onCancel && (
              <button type="button" className="btn btn-link" onClick={onCancel}>
                {t('cancel')}
              </button>
            )}
          </div>
          <button type="submit" className="btn btn-pink btn-lg px-4" disabled={save.isPending}>
            {isLast ? t('showMatches') : t('next')}
          </button>
        </div>
      </div>
    </form>
  );
}

interface AgeInputProps {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}

/** One end of the age range, described by the shared hint below both. */
function AgeInput({ id, label, value, invalid, onChange }: AgeInputProps) {
  return (
    <div className="col-6">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className={`form-control form-control-lg ${invalid ? 'is-invalid' : ''}`}
        min={SEARCH_AGE.min}
        max={SEARCH_AGE.max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby="match-finder-age-hint"
      />
    </div>
  );
}
