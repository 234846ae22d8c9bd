import { useTranslation } from '@web/i18n/use-translation';
import { Icon, type IconName } from '@web/components/icons';
import { openSignupModal } from '@web/components/signup-modal-store';
import type { LanderDesignProps } from '../lander-design-props';
import { LanderAdultsNote } from '../lander-adults-note';
import { LanderEmpty } from '../lander-empty';
import { FictionalNote, FictionalTag } from '../fictional-tag';
import { usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import './icons-grid.scss';

const FEATURES: Array<{ key: 'free' | 'chat' | 'privacy'; icon: IconName }> = [
  { key: 'free', icon: 'heart-fill' },
  { key: 'chat', icon: 'chat' },
  { key: 'privacy', icon: 'lock' },
];

/** An icons grid: members as round icons, tightly packed, and three reasons to join. */
export default function IconsGrid({ members, title, subtitle }: LanderDesignProps) {
  const { t } = useTranslation('landers');
  const photoAlt = usePhotoAlt();
  return (
    <div className="icons-lander">
      <section className="container py-5">
        <div className="row align-items-center g-4 g-lg-5">
          <div className="col-lg-5 text-center text-lg-start">
            <h1 className="display-5 fw-bold mb-3">{title}</h1>
            <p className="lead text-body-secondary mb-4">{subtitle}</p>
            <SignupCta />
            <LanderAdultsNote className="mt-3 text-body-secondary" />
          </div>
          <div className="col-lg-7">
            {members.length === 0 ? (
              <LanderEmpty />
            ) : (
              <ul className="icons-grid list-unstyled mb-0">
                {members.map((member) => (
                  <li key={member.id}>
                    {/* Named by what it shows (axe label-content-name-mismatch): the photo, the
                        name, the age for screen readers, the fictional label where it applies. */}
                    <button
                      type="button"
                      className="icons-grid-face"
                      onClick={() => openSignupModal()}
                    >
                      <img src={member.thumb} alt={photoAlt(member)} width={200} height={200} />
                      <span className="icons-grid-name">{member.name}</span>
                      <span className="visually-hidden">, {member.age}</span>
                      {member.fictional && <FictionalTag />}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </section>
      <section className="icons-features py-5">
        <div className="container">
          <ul className="row g-4 list-unstyled mb-4 text-center">
            {FEATURES.map(({ key, icon }) => (
              <li key={key} className="col-md-4">
                <span className="icons-feature-icon" aria-hidden="true">
                  <Icon name={icon} size={28} />
                </span>
                <h2 className="h5 fw-bold mt-3">{t(`iconslanding.features.${key}.title`)}</h2>
                <p className="text-body-secondary mb-0">{t(`iconslanding.features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
          <div className="text-center">
            <SignupCta />
            <div className="mt-4">
              <FictionalNote members={members} />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
