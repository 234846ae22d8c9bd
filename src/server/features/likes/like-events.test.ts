import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerEvent, serverEventSchema } from '@contract/events';
import { toMember } from '@server/db/member-record';
import type { MemberRow } from '@server/db/schema';
import { memoryPubSub } from '@server/realtime/pub-sub';
import { type MemberOptions, createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { publishNotices, publisherOf } from './like-events';
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

  it('publishes each event on the member’s channel as validated JSON', async () => {
    const pubSub = memoryPubSub();
    const received: Array<[number, unknown]> = [];
    for (const id of [7, 8])
      await pubSub.subscribe(`member:${id}`, (message) => received.push([id, JSON.parse(message)]));
    const card = {
      id: 8,
      name: 'Eight',
      age: 30,
      country: 'NL',
      region: null,
      main_image: null,
      fictional: false,
    };
    await publishNotices(publisherOf(pubSub), [
      { memberId: 7, event: { type: 'match.new', profile: card } },
    ]);
    expect(received).toEqual([[7, { type: 'match.new', profile: card }]]);
    // An event the contract refuses is never sent.
    await expect(
      publisherOf(pubSub)(8, { type: 'like.new', profile: { id: 'x' } } as never),
    ).rejects.toThrow();
    expect(received).toHaveLength(1);
    await pubSub.close();
  });
});
