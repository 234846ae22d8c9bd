import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from './answer-serializer';

const card = z.object({
  user: z
    .object({ id: z.number().int(), name: z.string(), region: z.string().nullable() })
    .nullable(),
  tags: z.array(z.string()),
});
const route = { schema: card, method: 'GET', url: '/api/card.php', httpStatus: '200' };

describe('the compiled answer writer', () => {
  const write = answerSerializerCompiler({ checkAnswers: false })(route);
  const checkedWrite = answerSerializerCompiler({ checkAnswers: true })(route);

  it('writes only the fields the contract declares (a private field never leaves)', () => {
    const answer = {
      user: { id: 7, name: 'Ann', region: null, email: 'ann@example.com' },
      tags: ['a'],
      password_hash: 'x',
    };
    expect(JSON.parse(write(answer))).toEqual({
      user: { id: 7, name: 'Ann', region: null },
      tags: ['a'],
    });
    expect(JSON.parse(checkedWrite(answer))).toEqual(JSON.parse(write(answer)));
    expect(JSON.parse(write({ user: null, tags: [] }))).toEqual({ user: null, tags: [] });
  });

  it('refuses, when checking, an answer that breaks the contract', () => {
    expect(() =>
      checkedWrite({ user: { id: 'seven', name: 'Ann', region: null }, tags: [] }),
    ).toThrow();
  });

  it('writes nullable strings, numbers and dates as they are, and null as null', () => {
    const dated = answerSerializerCompiler({ checkAnswers: true })({
      ...route,
      schema: z.object({
        seen_at: z.iso.datetime().nullable(),
        credits: z.number().int().min(0).nullable(),
        code: z.enum(['a', 'b']).nullable(),
        note: z.string().max(5).nullable(),
        since: z.object({ at: z.iso.datetime(), by: z.number() }).nullable(),
        tags: z.array(z.string()).nullable(),
      }),
    });
    const values = {
      seen_at: '2026-11-23T03:00:00.000Z',
      credits: 4,
      code: 'b',
      note: 'hi',
      since: { at: '2026-11-23T03:00:00.000Z', by: 2 },
      tags: ['x'],
    };
    expect(JSON.parse(dated(values))).toEqual(values);
    const nulls = { seen_at: null, credits: null, code: null, note: null, since: null, tags: null };
    expect(JSON.parse(dated(nulls))).toEqual(nulls);
  });
});
