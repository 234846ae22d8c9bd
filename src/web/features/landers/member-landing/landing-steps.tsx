import { useTranslation } from '@web/i18n/use-translation';

/** The three steps from here to a delivered first message (issue 9 §6). */
export function LandingSteps({ name, className = '' }: { name: string; className?: string }) {
  const { t } = useTranslation('member-landing');
  const steps = [t('steps.account'), t('steps.confirm'), t('steps.delivered', { name })];
  return (
    <section className={`landing-steps ${className}`} aria-labelledby="landing-steps-title">
      <h2 id="landing-steps-title" className="h6 text-uppercase mb-3">
        {t('steps.title')}
      </h2>
      <ol className="list-unstyled d-grid gap-2 mb-0">
        {steps.map((step, index) => (
          <li key={step} className="d-flex align-items-center gap-2">
            <span className="landing-step-number" aria-hidden="true">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
    </section>
  );
}
