import type { Site } from '@server/features/sites';
import type { PubSub } from '@server/realtime/pub-sub';
import type { ProfileCard } from '@contract/members';
import { onCardsChanged } from './card-changes';
import { type ProfileCardRow, presentProfileCard } from './profile-card';

/**
 * Lists of member cards that are the same for everyone on a site (the featured strip, the
 * signup suggestions per country and gender), kept per site: until the site record is renewed
 * (at most 30 s) or a member's card changes on any instance (announceCardsChanged). A failed
 * read is not kept. Per-viewer parts (their own card, their blocks) are left out by the caller
 * from fresh reads, so a kept list never shows a member someone blocked.
 */
export async function keptPerSite<Value>(pubSub: PubSub) {
  const sites = new Map<number, { site: Site; values: Map<string, Promise<Value>> }>();
  await onCardsChanged(pubSub, (siteId) => sites.delete(siteId));

  return function kept(site: Site, key: string, load: () => Promise<Value>): Promise<Value> {
    let entry = sites.get(site.id);
    if (entry?.site !== site) sites.set(site.id, (entry = { site, values: new Map() }));
    const { values } = entry;
    let value = values.get(key);
    if (!value) {
      const loading = load();
      values.set(key, (value = loading));
      loading.catch(() => {
        if (values.get(key) === loading) values.delete(key);
      });
    }
    return value;
  };
}

/**
 * A viewer's part of a kept card list: the first `count` cards without `hidden`, or undefined
 * when leaving those out exhausted a list that had more behind it (the caller then asks the
 * database for the viewer's own list).
 */
export function viewersCards(
  cards: readonly ProfileCard[],
  readLimit: number,
  count: number,
  hidden: ReadonlySet<number>,
): ProfileCard[] | undefined {
  const part = cards.filter((card) => !hidden.has(card.id)).slice(0, count);
  if (part.length < count && cards.length >= readLimit) return undefined;
  return part;
}

/** A list's cards as every viewer sees them. */
export const presentCards = (rows: readonly ProfileCardRow[], cdnPrefix: string) =>
  rows.map((row) => presentProfileCard(row, cdnPrefix));
