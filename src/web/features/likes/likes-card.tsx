import { useTranslation } from '@web/i18n/use-translation';
import type { DiscoveryCard } from '@contract/discovery';
import { pathFor } from '@contract/routes';
import { ProfileCard } from '@web/components/profile-card';

type LikesEntry = DiscoveryCard & { like_new?: boolean };

/**
 * A member in a likes list. A liked-by entry opens through /likes/m/{id}, which clears its
 * new flag (spec §4); until then it carries a "New" marker.
 */
function LikesCard({ card, likedBy }: { card: LikesEntry; likedBy: boolean }) {
  const { t } = useTranslation('likes');
  return (
    <ProfileCard
      profile={card}
      {...(likedBy ? { to: pathFor('likes-m-id', { id: card.id }) } : {})}
      marker={
        likedBy && card.like_new ? (
          <span className="badge text-bg-pink mb-1">{t('newMarker')}</span>
        ) : undefined
      }
    />
  );
}

/** The grid of cards every likes page uses. */
export function LikesGrid({ cards, likedBy = false }: { cards: LikesEntry[]; likedBy?: boolean }) {
  return (
    <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-md-3 list-unstyled mb-0">
      {cards.map((card) => (
        <li key={card.id} className="col">
          <LikesCard card={card} likedBy={likedBy} />
        </li>
      ))}
    </ul>
  );
}
