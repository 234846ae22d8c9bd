import { describe, expect, it } from 'vitest';
import { eventEnvelopeSchema, resumeFrameSchema, serverEventSchema } from './events';

const card = {
  id: 7,
  name: 'Anna',
  age: 31,
  country: 'NL',
  region: 'NH',
  region_name: 'Noord-Holland',
  main_image: null,
  fictional: false,
  activity: 'recent' as const,
};

describe('realtime event contract', () => {
  it('accepts each event with its payload, inside a numbered envelope', () => {
    const events = [
      {
        type: 'message.new',
        message: {
          id: 1,
          conversation_id: 2,
          sender_id: 7,
          kind: 'text',
          text: 'Hoi!',
          sent_at: '2026-11-22T17:00:00.000Z',
        },
      },
      { type: 'message.read', conversation_id: 2, up_to_message_id: 1 },
      { type: 'typing', conversation_id: 2, member_id: 7 },
      { type: 'like.new', profile: card },
      { type: 'match.new', profile: card },
      { type: 'credits.changed', credits: 12 },
      { type: 'partner.changed', conversation_id: 2 },
    ];
    for (const [index, event] of events.entries()) {
      expect(eventEnvelopeSchema.parse({ seq: index + 1, event })).toEqual({
        seq: index + 1,
        event,
      });
    }
  });

  it('refuses unknown events, wrong payloads and private fields slipped into a card', () => {
    expect(serverEventSchema.safeParse({ type: 'presence', member_id: 1 }).success).toBe(false);
    expect(serverEventSchema.safeParse({ type: 'credits.changed', credits: -1 }).success).toBe(
      false,
    );
    const leaked = serverEventSchema.parse({
      type: 'like.new',
      profile: { ...card, email: 'anna@example.com' },
    });
    expect(JSON.stringify(leaked)).not.toContain('anna@example.com');
    expect(eventEnvelopeSchema.safeParse({ seq: 0, event: { type: 'typing' } }).success).toBe(
      false,
    );
    expect(resumeFrameSchema.parse({ type: 'resume', after_seq: 0 })).toEqual({
      type: 'resume',
      after_seq: 0,
    });
  });
});
