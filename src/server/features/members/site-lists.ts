import type { Site } from '@server/features/sites';
import type { PubSub } from '@server/realtime/pub-sub';
import { onCardsChanged } from './card-changes';

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
 * A viewer's part of a kept list: the first `count` cards without the viewer and without
 * `hidden`, or undefined when leaving those out exhausted a list that had more behind it.
 */
export function viewersPart<Row extends { id: number }>(
  candidates: readonly Row[],
  readLimit: number,
  count: number,
  hidden: ReadonlySet<number>,
): Row[] | undefined {
  const part = candidates.filter((row) => !hidden.has(row.id)).slice(0, count);
  return part.length === count || candidates.length < readLimit ? part : undefined;
}
