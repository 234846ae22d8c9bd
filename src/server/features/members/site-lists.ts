import type { Site } from '@server/features/sites';
import type { PubSub } from '@server/realtime/pub-sub';
import { type ProfileCard, profileCardSchema } from '@contract/members';
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

/** A kept list of cards: each checked against the contract and serialized once. */
export interface CheckedCards {
  ids: readonly number[];
  json: readonly string[];
}

export function checkCards(rows: readonly ProfileCardRow[], cdnPrefix: string): CheckedCards {
  return {
    ids: rows.map((row) => row.id),
    json: rows.map((row) =>
      JSON.stringify(profileCardSchema.parse(presentProfileCard(row, cdnPrefix))),
    ),
  };
}

/**
 * A viewer's part of a kept card list as an answer's JSON (`{"profiles":[…]}`): the first
 * `count` cards without `hidden`, or undefined when leaving those out exhausted a list that
 * had more behind it.
 */
export function viewersCards(
  cards: CheckedCards,
  readLimit: number,
  count: number,
  hidden: ReadonlySet<number>,
): string | undefined {
  const part: string[] = [];
  for (let index = 0; index < cards.ids.length && part.length < count; index += 1) {
    if (!hidden.has(cards.ids[index]!)) part.push(cards.json[index]!);
  }
  if (part.length < count && cards.ids.length >= readLimit) return undefined;
  return `{"profiles":[${part.join(',')}]}`;
}

/**
 * Whether the first `count` cards hold none of `hidden`: the viewer's list is then the site's
 * own, and the site's kept answer (serialized and compressed once) is theirs too. True for
 * most members, who blocked nobody near the top of a list and are not in it themselves.
 */
export function firstCardsUntouched(
  cards: CheckedCards,
  count: number,
  hidden: ReadonlySet<number>,
): boolean {
  return cards.ids.slice(0, count).every((id) => !hidden.has(id));
}

/** The site's own answer for a kept list: its first `count` cards. */
export function siteAnswerOf(cards: CheckedCards, count: number) {
  return { profiles: cards.json.slice(0, count).map((card) => JSON.parse(card) as ProfileCard) };
}
