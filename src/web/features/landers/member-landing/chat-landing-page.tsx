import { type FormEvent, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Icon } from '@web/components/icons';
import { useSite } from '@web/components/site-context';
import { LandingSteps } from './landing-steps';
import { MemberFacts } from './member-facts';
import { type MemberLanding, MemberLandingFrame } from './member-landing-frame';
import { MemberPhoto } from './member-photo';

/**
 * /members/{id}/landing2/{slug?}: a chat with the member, ready to write in. The visitor
 * writes the first message here; Send opens the signup with it, and it is delivered after
 * activation (issue 9 §6).
 */
export function ChatLandingPage() {
  return <MemberLandingFrame>{(landing) => <ChatPreview {...landing} />}</MemberLandingFrame>;
}

function ChatPreview({ profile, variant, place, signUp }: MemberLanding) {
  const { t } = useTranslation('member-landing');
  const site = useSite();
  const [message, setMessage] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    signUp(message);
  };
  return (
    <section className="member-landing member-landing-fill chat-landing">
      <div className="container py-4 py-lg-5">
        <div className="row g-4 g-lg-5 align-items-center justify-content-center">
          <div className="col-lg-5 order-lg-2">
            <h1 className="display-6 fw-bold mb-3">
              {t(`variants.${variant}.title`, { name: profile.name })}
            </h1>
            <p className="lead mb-4">
              {t(`variants.${variant}.lead`, { name: profile.name, siteName: site.name })}
            </p>
            <LandingSteps name={profile.name} className="d-none d-lg-block" />
          </div>
          <div className="col-md-9 col-lg-6 order-lg-1">
            <article
              className="chat-landing-window card border-0"
              aria-label={t('chat.label', { name: profile.name })}
            >
              <header className="card-header d-flex align-items-center gap-3 py-3">
                <MemberPhoto profile={profile} className="chat-landing-avatar rounded-circle" />
                <MemberFacts profile={profile} place={place} as="h2" />
              </header>
              <div className="chat-landing-body card-body">
                <MemberPhoto profile={profile} className="chat-landing-photo" priority />
                <p className="chat-landing-note">
                  <Icon name="chat" size={16} /> {t('chat.greeting', { name: profile.name })}
                </p>
              </div>
              <form className="card-footer chat-landing-composer" onSubmit={send}>
                <label htmlFor="landing-message" className="visually-hidden">
                  {t('chat.message', { name: profile.name })}
                </label>
                <div className="d-flex gap-2 align-items-end">
                  <textarea
                    id="landing-message"
                    className="form-control"
                    rows={2}
                    maxLength={1000}
                    placeholder={t('chat.placeholder', { name: profile.name })}
                    value={message}
                    onChange={(event) => setMessage(event.target.value)}
                  />
                  <button type="submit" className="btn btn-pink d-inline-flex gap-1 px-3">
                    {t('chat.send')}
                  </button>
                </div>
                <p className="small text-body-secondary mt-2 mb-0">{t('chat.hint')}</p>
              </form>
            </article>
          </div>
        </div>
      </div>
    </section>
  );
}
