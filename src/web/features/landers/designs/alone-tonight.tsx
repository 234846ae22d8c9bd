import { useTranslation } from '@web/i18n/use-translation';
import type { LanderDesignProps } from '../lander-design-props';
import { LanderAdultsNote } from '../lander-adults-note';
import { LanderEmpty } from '../lander-empty';
import { FictionalNote } from '../fictional-tag';
import { MemberCaption, usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import './alone-tonight.scss';

/** "Alone tonight?": a night sky, the moon, and the members who were active most recently. */
export default function AloneTonight({ members, title, subtitle }: LanderDesignProps) {
  const { t } = useTranslation('landers');
  const photoAlt = usePhotoAlt();
  const faces = members.slice(0, 8);
  return (
    <div className="alone-tonight lander-motion">
      <div className="alone-tonight-sky" aria-hidden="true">
        <span className="alone-tonight-moon" />
      </div>
      <section className="container position-relative py-5 text-center">
        <h1 className="display-4 fw-bold mb-3">{title}</h1>
        <p className="lead mx-auto mb-4 alone-tonight-lead">{subtitle}</p>
        <SignupCta />
        <LanderAdultsNote className="mt-3 opacity-75" />
      </section>
      <section className="container position-relative pb-5" aria-labelledby="alone-tonight-faces">
        <h2 id="alone-tonight-faces" className="h5 text-center mb-4">
          <span className="alone-tonight-pulse" aria-hidden="true" /> {t('alonetonight.active')}
        </h2>
        {faces.length === 0 ? (
          <LanderEmpty />
        ) : (
          <ul className="alone-tonight-faces list-unstyled">
            {faces.map((member) => (
              <li key={member.id} className="alone-tonight-face">
                <img
                  className="lander-photo"
                  src={member.thumb}
                  alt={photoAlt(member)}
                  width={200}
                  height={200}
                />
                <MemberCaption member={member} />
              </li>
            ))}
          </ul>
        )}
        <div className="alone-tonight-closing text-center mt-4">
          <p className="fs-5 fw-semibold mb-3">{t('alonetonight.closing')}</p>
          <SignupCta className="btn-light" />
          <div className="mt-4">
            <FictionalNote members={faces} />
          </div>
        </div>
      </section>
    </div>
  );
}
