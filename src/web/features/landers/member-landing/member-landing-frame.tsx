import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Navigate, useParams, useSearchParams } from 'react-router';
import {
  type MemberLandingProfile,
  type MemberLandingVariant,
  memberLandingVariant,
} from '@contract/member-landing';
import { pathFor } from '@contract/routes';
import { ApiError } from '@web/api/api-error';
import { useUser } from '@web/api/user-api';
import { ErrorPage, NotFoundPage } from '@web/components/error-page';
import { countryName } from '@web/components/country-name';
import { PageSpinner } from '@web/components/page-spinner';
import { trackingValues } from '@web/components/tracking-values';
import { openSignupModal } from '@web/components/signup-modal-store';
import { useDocumentTitle } from '@web/components/use-document-title';
import { memberLandingQuery } from './member-landing-api';
import { MembersOnlyPrompt } from './members-only-prompt';
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
 * page for one nobody may see (the server answered the document 404 already) and the signup
 * for this member. A logged-in member is no ad's visitor: they go to the member's own page,
 * taking ?t= along, where the like popup of spec §4 opens for them (app/auto-like-watcher.tsx);
 * visitors get none: like popups are for logged-in members only (spec §6, issue 29 item 18).
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
  const [searchParams] = useSearchParams();
  const likePopupDelay = searchParams.get('t');
  // The values of this URL, or those kept from the visit's first landing (tracking-values).
  const kept = trackingValues();
  const trafficSource = {
    network: searchParams.get('network') ?? kept.network,
    ref: searchParams.get('ref') ?? kept.ref,
  };
  const { data: profile, error } = useQuery({
    ...memberLandingQuery(id, trafficSource),
    enabled: valid,
  });
  const variant = memberLandingVariant(params.slug);
  const { t } = useTranslation('member-landing');
  const title = titleKey ?? `variants.${variant}.title`;
  useDocumentTitle(profile ? t(title, { name: profile.name }) : undefined);

  if (!valid || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  // spec §6: the site lets only members see members (issue 29 item 6).
  if (!user && error instanceof ApiError && error.code === 'authentication_required')
    return <MembersOnlyPrompt />;
  if (error) return <ErrorPage statusCode={error instanceof ApiError ? error.status : 500} />;
  if (user) {
    const memberPage = pathFor('members-id', { id });
    const query = likePopupDelay ? `?${new URLSearchParams({ t: likePopupDelay })}` : '';
    return <Navigate to={`${memberPage}${query}`} replace />;
  }
  if (!profile || userLoading) return <PageSpinner />;
  const signUp = (message?: string) => openSignupModal(profile.id, message?.trim() || undefined);
  return (
    <Landing profile={profile} variant={variant} signUp={signUp}>
      {children}
    </Landing>
  );
}

function Landing({
  profile,
  variant,
  signUp,
  children,
}: Omit<MemberLanding, 'place'> & { children: (landing: MemberLanding) => ReactNode }) {
  const { i18n } = useTranslation();
  const country = countryName(profile.country, i18n.language);
  const place = profile.region_name ? `${profile.region_name}, ${country}` : country;
  return children({ profile, variant, place, signUp });
}
