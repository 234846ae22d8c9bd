import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerEvent, serverEventSchema } from '@contract/events';
import { toMember } from '@server/db/member-record';
import type { MemberRow } from '@server/db/schema';
import { memoryPubSub } from '@server/realtime/pub-sub';
import { type MemberOptions, createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { memberEvents } from '@server/realtime/member-events';
import { likeWithNotices } from './like-events';
import { likeMember } from './like-service';

// A new like is announced to the liked member, a match to both (issue 8 §4; spec §4).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(options: MemberOptions = {}) {
  const row = await createMember(t.database.db, t.siteId, options);
  await createPhoto(t.database.db, row.id);
  return row;
}
const contextOf = (viewer: MemberRow) => ({
  siteId: t.siteId,
  cdnPrefix: '/media',
  viewer: toMember(viewer),
});
const like = (viewer: MemberRow, target: MemberRow) =>
  likeMember(t.database.db, contextOf(viewer), target.id, 'member');
const summary = (notices: Array<{ memberId: number; event: ServerEvent }>) =>
  notices.map(({ memberId, event }) => ({
    memberId,
    type: event.type,
    about: 'profile' in event ? event.profile.id : undefined,
  }));

describe('like events', () => {
  it('announces a plain like to the liked member, with the liker’s card', async () => {
    const [liker, liked] = [await member({ is_fictional: 0 }), await member()];
    const outcome = await like(liker, liked);
    expect(outcome.match).toBe(false);
    expect(summary(outcome.notices)).toEqual([
      { memberId: liked.id, type: 'like.new', about: liker.id },
    ]);
    // Every event is a valid contract event, carrying a public card only.
    for (const notice of outcome.notices) serverEventSchema.parse(notice.event);
  });

  it('announces a match to both members, each with the other’s card', async () => {
    const [first, second] = [await member(), await member()];
    await like(first, second);
    const outcome = await like(second, first);
    expect(outcome.match).toBe(true);
    expect(summary(outcome.notices)).toEqual([
      { memberId: second.id, type: 'match.new', about: first.id },
      { memberId: first.id, type: 'match.new', about: second.id },
    ]);
  });

  it('announces nothing for a repeated like', async () => {
    const [first, second] = [await member(), await member()];
    await like(first, second);
    expect((await like(first, second)).notices).toEqual([]);
  });

  it('does not announce an invisible liker to the member they liked', async () => {
    const [liker, liked] = [await member({ is_invisible: 1 }), await member()];
    expect((await like(liker, liked)).notices).toEqual([]);
  });

  it('records each event with the member’s next number, with the like, and publishes it after', async () => {
    const pubSub = memoryPubSub();
    const events = memberEvents(t.database.db, pubSub);
    const [first, second] = [await member(), await member()];
    const published: unknown[] = [];
    for (const id of [first.id, second.id])
      await pubSub.subscribe(`member:${id}`, (text) => published.push([id, JSON.parse(text)]));
    await likeWithNotices(t.database.db, events, (trx) =>
      likeMember(trx, contextOf(first), second.id, 'member'),
    );
    const answer = await likeWithNotices(t.database.db, events, (trx) =>
      likeMember(trx, contextOf(second), first.id, 'member'),
    );
    expect(answer).toEqual({ liked: true, match: true });
    const typesOf = async (id: number) =>
      (await events.since(id, 0, 10)).map(({ seq, event }) => [seq, event.type]);
    expect(await typesOf(second.id)).toEqual([
      [1, 'like.new'],
      [2, 'match.new'],
    ]);
    expect(await typesOf(first.id)).toEqual([[1, 'match.new']]);
    // What went out is what was stored: the same numbers, so a resuming tab skips repeats.
    expect(published).toHaveLength(3);
    expect(published).toContainEqual([first.id, (await events.since(first.id, 0, 1))[0]]);
  });

  it('records nothing for a like that rolled back', async () => {
    const events = memberEvents(t.database.db, memoryPubSub());
    const [liker, liked] = [await member(), await member()];
    await expect(
      likeWithNotices(t.database.db, events, async (trx) => {
        await likeMember(trx, contextOf(liker), liked.id, 'member');
        throw new Error('the request failed after the like');
      }),
    ).rejects.toThrow('the request failed after the like');
    expect(await events.since(liked.id, 0, 10)).toEqual([]);
    const likes = await t.database.db
      .selectFrom('likes')
      .select('liked_id')
      .where('liker_id', '=', liker.id)
      .execute();
    expect(likes).toEqual([]);
  });
});
