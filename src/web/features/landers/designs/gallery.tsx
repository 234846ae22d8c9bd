import { useTranslation } from '@web/i18n/use-translation';
import type { LanderDesignProps } from '../lander-design-props';
import { LanderAdultsNote } from '../lander-adults-note';
import { LanderEmpty } from '../lander-empty';
import { FictionalNote } from '../fictional-tag';
import { MemberCaption, usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import { openSignupModal } from '@web/components/signup-modal-store';
import './gallery.scss';

/** A gallery: portrait cards in a clean grid, each opening the signup to meet that member. */
export default function Gallery({ members, title, subtitle }: LanderDesignProps) {
  const { t } = useTranslation('landers');
  const photoAlt = usePhotoAlt();
  return (
    <div className="gallery-lander">
      <section className="container py-5 text-center">
        <p className="gallery-kicker text-uppercase fw-semibold mb-2">{t('gallery.kicker')}</p>
        <h1 className="display-5 fw-bold mb-3">{title}</h1>
        <p className="lead text-body-secondary mx-auto mb-4 gallery-lead">{subtitle}</p>
        <SignupCta />
        <LanderAdultsNote className="mt-3 text-body-secondary" />
      </section>
      <section className="container pb-5">
        {members.length === 0 ? (
          <LanderEmpty />
        ) : (
          <ul className="gallery-grid list-unstyled mb-4">
            {members.map((member) => (
              <li key={member.id}>
                <button type="button" className="gallery-card" onClick={() => openSignupModal()}>
                  <img
                    className="lander-photo"
                    src={member.photo}
                    alt={photoAlt(member)}
                    width={600}
                    height={600}
                    loading="lazy"
                  />
                  <span className="gallery-card-body">
                    <MemberCaption member={member} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="text-center">
          <p className="fw-semibold mb-3">{t('gallery.more')}</p>
          <SignupCta />
          <div className="mt-4">
            <FictionalNote members={members} />
          </div>
        </div>
      </section>
    </div>
  );
}
