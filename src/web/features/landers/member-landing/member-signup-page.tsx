import { useTranslation } from '@web/i18n/use-translation';
import { useNavigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { SignupForm } from '@web/components/signup-form';
import { MemberFacts } from './member-facts';
import { type MemberLanding, MemberLandingFrame } from './member-landing-frame';
import { MemberPhoto } from './member-photo';

/** /members/{id}/signup: the signup form for this member, with the first message to them. */
export function MemberSignupPage() {
  return (
    <MemberLandingFrame titleKey="signupPage.title">
      {(landing) => <MemberSignup {...landing} />}
    </MemberLandingFrame>
  );
}

function MemberSignup({ profile, place }: MemberLanding) {
  const { t } = useTranslation('member-landing');
  const navigate = useNavigate();
  return (
    <section className="member-landing member-signup container py-4 py-lg-5">
      <div className="member-signup-column mx-auto">
        <div className="d-flex align-items-center gap-3 mb-3">
          <MemberPhoto profile={profile} className="member-signup-avatar rounded-circle" priority />
          <MemberFacts profile={profile} place={place} />
        </div>
        <h1 className="h3 mb-2">{t('signupPage.title', { name: profile.name })}</h1>
        <p className="text-body-secondary mb-4">{t('signupPage.intro', { name: profile.name })}</p>
        <div className="card border-0 shadow-sm p-3 p-md-4">
          <SignupForm
            withMessage
            messageTo={profile.id}
            onSignedUp={() => void navigate(pathFor('signup-matches'))}
            onLoginInstead={() => void navigate(pathFor('login'))}
          />
        </div>
      </div>
    </section>
  );
}
