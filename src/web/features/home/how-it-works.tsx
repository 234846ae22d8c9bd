import { useTranslation } from '@web/i18n/use-translation';
import { Icon } from '@web/components/icons';

const STEPS = [
  { key: 'profile', icon: 'person' },
  { key: 'search', icon: 'search' },
  { key: 'chat', icon: 'chat' },
] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="bg-body-tertiary py-5" aria-labelledby="how-heading">
      <div className="container">
        <h2 id="how-heading" className="h3 mb-4 text-center">
          {t('home.howTitle')}
        </h2>
        <div className="row g-4">
          {STEPS.map((step, index) => (
            <div key={step.key} className="col-md-4">
              <div className="h-100 p-4 bg-body rounded-4 shadow-sm">
                {/* One accent for the three steps of one story (issue 25 item 8). */}
                <span className="feature-icon mb-3">
                  <Icon name={step.icon} size={22} />
                </span>
                <h3 className="h5">
                  {index + 1}. {t(`home.steps.${step.key}.title`)}
                </h3>
                <p className="text-body-secondary mb-0">{t(`home.steps.${step.key}.text`)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
