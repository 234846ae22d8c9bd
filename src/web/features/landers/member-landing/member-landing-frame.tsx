import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Navigate, useParams } from 'react-router';
import {
  type MemberLandingProfile,
  type MemberLandingVariant,
  memberLandingVariant,
} from '@contract/member-landing';
import { pathFor } from '@contract/routes';
import { ApiError } from '@web/api/api-error';
import { useUser } from '@web/api/user-api';
import { ErrorPage, NotFoundPage } from '@web/components/error-page';
import { PageSpinner } from '@web/components/page-spinner';
import { openSignupModal, useSignupModal } from '@web/components/signup-modal-store';
import { useDocumentTitle } from '@web/components/use-document-title';
import { LikePopup } from './like-popup';
import { memberLandingQuery } from './member-landing-api';
import { useLikePopup } from './use-like-popup';
import { useMemberPlace } from './use-member-place';
import './member-landing.scss';

export interface MemberLanding {
  profile: MemberLandingProfile;
  /** The headline set the URL's slug asks for (unknown slugs: the default). */
  variant: MemberLandingVariant;
  /** "Region, Country". */
  place: string;
  /** Opens the signup modal for this member, with a first message if one was written. */
  signUp: (message?: string) => void;
}

/**
 * What every member landing page shares (issue 25 item 2): the member from the URL, the 404
 * page for one nobody may see (the server answered the document 404 already), the like popup
 * of ?t= (spec §4) and the signup for this member. A logged-in member is no ad's visitor: they
 * go to the member's own page.
 */
export function MemberLandingFrame({
  children,
  titleKey,
}: {
  children: (landing: MemberLanding) => ReactNode;
  /** The document title's text (member-landing namespace); the variant's headline if not. */
  titleKey?: string;
}) {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { user, isLoading: userLoading } = useUser();
  const { data: profile, error } = useQuery({ ...memberLandingQuery(id), enabled: valid });
  const likePopup = useLikePopup(!userLoading && !user);
  const signupModal = useSignupModal();
  const variant = memberLandingVariant(params.slug);
  const { t } = useTranslation('member-landing');
  const title = titleKey ?? `variants.${variant}.title`;
  useDocumentTitle(profile ? t(title, { name: profile.name }) : undefined);

  if (!valid || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  if (error) return <ErrorPage statusCode={error instanceof ApiError ? error.status : 500} />;
  if (user) return <Navigate to={pathFor('members-id', { id })} replace />;
  if (!profile || userLoading) return <PageSpinner />;
  const signUp = (message?: string) => openSignupModal(profile.id, message?.trim() || undefined);
  return (
    <>
      <Landing profile={profile} variant={variant} signUp={signUp}>
        {children}
      </Landing>
      {/* Never over the signup itself: a visitor already signing up needs no nudge. */}
      <LikePopup
        profile={profile}
        show={likePopup.due && !signupModal.open}
        onClose={likePopup.close}
        onAccept={() => {
          likePopup.close();
          signUp();
        }}
      />
    </>
  );
}

function Landing({
  profile,
  variant,
  signUp,
  children,
}: Omit<MemberLanding, 'place'> & { children: (landing: MemberLanding) => ReactNode }) {
  const place = useMemberPlace(profile);
  return children({ profile, variant, place, signUp });
}
