import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { type LanderName, landerNameSchema, landerTakesSlug } from '@contract/landers';
import { useUser } from '@web/api/user-api';
import { NotFoundPage } from '@web/components/error-page';
import { PageSpinner } from '@web/components/page-spinner';
import { useSite } from '@web/components/site-context';
import { trackingValues } from '@web/components/tracking-values';
import { useDocumentTitle } from '@web/components/use-document-title';
import { landerQuery } from './lander-api';
import { LANDER_DESIGNS } from './lander-designs';
import { useLanderTexts } from './use-lander-texts';
import './landers.scss';

/**
 * Route landers-slug, /landers/{lander}/{slug?} (spec §2, issue 25 item 1). An unknown lander,
 * or tinderswipe with a slug, is the 404 page (the server answers those paths with 404 too).
 */
export function LanderPage() {
  const { lander, slug } = useParams();
  const parsed = landerNameSchema.safeParse(lander);
  if (!parsed.success || (slug !== undefined && !landerTakesSlug(parsed.data))) {
    return <NotFoundPage />;
  }
  return <LanderContent key={parsed.data} lander={parsed.data} slug={slug} />;
}

function LanderContent({ lander, slug }: { lander: LanderName; slug: string | undefined }) {
  const site = useSite();
  const [searchParams] = useSearchParams();
  const { user, isLoading: userLoading } = useUser();
  // The values of this URL, or those kept from the visit's first landing (tracking-values).
  const kept = trackingValues();
  const request = {
    lander,
    slug,
    country: lander === 'maplanding' ? site.geoip_selected_country : undefined,
    network: searchParams.get('network') ?? kept.network,
    ref: searchParams.get('ref') ?? kept.ref,
  };
  const { data } = useQuery({
    ...landerQuery(user ? 'member' : 'visitor', request),
    // Until the session is known, the viewer is not: a member never gets the visitors' answer.
    enabled: !userLoading,
  });
  const texts = useLanderTexts(lander, data?.variant.headline ?? null);
  useDocumentTitle(data ? texts.title : undefined);
  const Design = LANDER_DESIGNS[lander];

  // The page holds a screen's height while loading, so nothing in view moves when it arrives.
  const loading = (
    <div className="lander-loading">
      <PageSpinner />
    </div>
  );
  if (!data) return loading;
  return (
    <Suspense fallback={loading}>
      <Design members={data.members} map={data.map} {...texts} />
    </Suspense>
  );
}
