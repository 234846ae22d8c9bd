import { useTranslation } from '@web/i18n/use-translation';
import { Icon } from '@web/components/icons';
import { useSite } from '@web/components/site-context';
import { openSignupModal } from '@web/components/signup-modal-store';
import type { LanderDesignProps } from '../lander-design-props';
import { LanderAdultsNote } from '../lander-adults-note';
import { LanderEmpty } from '../lander-empty';
import { FictionalNote, FictionalTag } from '../fictional-tag';
import { MemberCaption, usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import './social-feed.scss';

/**
 * A social network's look: a feed of members' profile photos with like and message buttons,
 * a composer and suggestions. Every action asks the visitor to sign up first. The posts say
 * only what is true: this member is here, with this photo.
 */
export default function SocialFeed({ members, title, subtitle }: LanderDesignProps) {
  const { t } = useTranslation('landers');
  const site = useSite();
  const photoAlt = usePhotoAlt();
  const posts = members.slice(0, 4);
  const suggestions = members.slice(4, 10);
  return (
    <div className="social-feed">
      <div className="container py-4">
        <div className="row g-4 justify-content-center">
          <aside className="col-lg-3 order-lg-1">
            <div className="social-card social-sticky p-4 text-center text-lg-start">
              <h1 className="h3 fw-bold mb-2">{title}</h1>
              <p className="text-body-secondary mb-3">{subtitle}</p>
              <SignupCta size="sm" />
              <LanderAdultsNote className="mt-2 text-body-secondary" />
            </div>
          </aside>
          <section className="col-lg-6 order-lg-2" aria-label={t('socialnetwork.feed')}>
            <button
              type="button"
              className="social-card social-composer w-100 mb-3"
              onClick={() => openSignupModal()}
            >
              <span className="social-composer-avatar" aria-hidden="true">
                <Icon name="person" size={28} />
              </span>
              <span className="social-composer-input">{t('socialnetwork.composer')}</span>
            </button>
            {posts.length === 0 && (
              <div className="social-card">
                <LanderEmpty />
              </div>
            )}
            {posts.map((member) => (
              <article key={member.id} className="social-card social-post mb-3">
                <header className="social-post-header">
                  <img src={member.thumb} alt="" width={200} height={200} />
                  <div className="social-post-who">
                    <MemberCaption member={member} />
                  </div>
                </header>
                <p className="social-post-text">
                  {t('socialnetwork.post', { name: member.name, siteName: site.name })}
                </p>
                <img
                  className="lander-photo"
                  src={member.photo}
                  alt={photoAlt(member)}
                  width={600}
                  height={600}
                  loading="lazy"
                />
                <footer className="social-post-actions">
                  <button type="button" className="btn btn-light" onClick={() => openSignupModal()}>
                    <Icon name="heart" size={16} /> {t('socialnetwork.like')}
                  </button>
                  <button type="button" className="btn btn-light" onClick={() => openSignupModal()}>
                    <Icon name="chat" size={16} /> {t('socialnetwork.message')}
                  </button>
                </footer>
              </article>
            ))}
          </section>
          <aside className="col-lg-3 order-lg-3">
            {suggestions.length > 0 && (
              <section
                className="social-card social-sticky p-3"
                aria-labelledby="social-suggestions"
              >
                <h2 id="social-suggestions" className="h6 fw-bold mb-3">
                  {t('socialnetwork.suggestions')}
                </h2>
                <ul className="list-unstyled mb-0">
                  {suggestions.map((member) => (
                    <li key={member.id} className="social-suggestion">
                      <img src={member.thumb} alt={photoAlt(member)} width={200} height={200} />
                      <span className="social-suggestion-name">
                        <span className="lander-member-name">
                          {t('member.nameAge', { name: member.name, age: member.age })}
                        </span>
                        {member.fictional && <FictionalTag />}
                      </span>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary text-nowrap"
                        onClick={() => openSignupModal()}
                      >
                        {t('socialnetwork.add')}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <div className="mt-3 px-1">
              <FictionalNote members={members} />
            </div>
          </aside>
        </div>
      </div>
    </div>
  );
}
