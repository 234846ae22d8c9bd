import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelopeSchema } from '@contract/events';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { memberEvents } from './member-events';
import { memoryPubSub } from './pub-sub';

// The stored event log a reconnecting socket replays (issue 9 §4: no loss, no duplicates).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const read = (id: number) => ({
  type: 'message.read' as const,
  conversation_id: 1,
  up_to_message_id: id,
});

describe('member events', () => {
  it('numbers each member’s events 1, 2, 3… without gaps, even when recorded in parallel', async () => {
    const events = memberEvents(t.database.db, memoryPubSub());
    const member = await createMember(t.database.db, t.siteId);
    await Promise.all(Array.from({ length: 25 }, (_, i) => events.send(member.id, read(i + 1))));
    const stored = await events.since(member.id, 0, 100);
    expect(stored.map((envelope) => envelope.seq)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(await events.lastSeq(member.id)).toBe(25);
    expect((await events.since(member.id, 20, 100)).map((envelope) => envelope.seq)).toEqual([
      21, 22, 23, 24, 25,
    ]);
  });

  it('records several events for several members at once, numbered in order, in parallel too', async () => {
    const events = memberEvents(t.database.db, memoryPubSub());
    const [first, second] = [
      await createMember(t.database.db, t.siteId),
      await createMember(t.database.db, t.siteId),
    ];
    // Each batch: the second member's event first, then two of the first member's.
    const batches = await Promise.all(
      Array.from({ length: 10 }, (_, batch) =>
        t.database.db.transaction().execute((trx) =>
          events.recordAll(trx, [
            { memberId: second.id, event: read(100 + batch) },
            { memberId: first.id, event: read(2 * batch + 1) },
            { memberId: first.id, event: read(2 * batch + 2) },
          ]),
        ),
      ),
    );
    for (const stored of batches) {
      // In member order, each member's events in the order given, with consecutive numbers.
      const [a, b, c] = stored;
      expect([a?.memberId, b?.memberId, c?.memberId]).toEqual([first.id, first.id, second.id]);
      expect(b!.envelope.seq).toBe(a!.envelope.seq! + 1);
      const ids = stored.map(({ envelope }) =>
        envelope.event.type === 'message.read' ? envelope.event.up_to_message_id : 0,
      );
      expect(ids[1]).toBe(ids[0]! + 1);
    }
    const numbers = async (memberId: number) =>
      (await events.since(memberId, 0, 100)).map((envelope) => envelope.seq);
    expect(await numbers(first.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await numbers(second.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    // The log holds what each batch answered.
    const logged = new Map(
      (await events.since(first.id, 0, 100)).map((envelope) => [envelope.seq, envelope.event]),
    );
    for (const stored of batches)
      for (const { memberId, envelope } of stored)
        if (memberId === first.id) expect(logged.get(envelope.seq)).toEqual(envelope.event);
  });

  it('keeps nothing recorded in a transaction that rolled back', async () => {
    const events = memberEvents(t.database.db, memoryPubSub());
    const member = await createMember(t.database.db, t.siteId);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await events.record(trx, member.id, read(1));
        throw new Error('the message failed');
      }),
    ).rejects.toThrow('the message failed');
    expect(await events.since(member.id, 0, 10)).toEqual([]);
    expect(await events.lastSeq(member.id)).toBe(0);
  });

  it('publishes the stored envelope on the member’s channel, and typing without a number', async () => {
    const pubSub = memoryPubSub();
    const events = memberEvents(t.database.db, pubSub);
    const member = await createMember(t.database.db, t.siteId);
    const received: unknown[] = [];
    await pubSub.subscribe(`member:${member.id}`, (text) =>
      received.push(eventEnvelopeSchema.parse(JSON.parse(text))),
    );
    await events.send(member.id, read(7));
    await events.sendEphemeral(member.id, { type: 'typing', conversation_id: 3, member_id: 9 });
    expect(received).toEqual([
      { seq: 1, event: read(7) },
      { seq: null, event: { type: 'typing', conversation_id: 3, member_id: 9 } },
    ]);
    expect(await events.lastSeq(member.id)).toBe(1);
  });
});
