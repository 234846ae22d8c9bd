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
});
