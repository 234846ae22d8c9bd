import { describe, expect, it } from 'vitest';
import { type KeptAnswer, answerKeeper } from './kept-answer';

const answer = (text: string): KeptAnswer => ({
  body: Buffer.from(text),
  etag: `"${text}"`,
  encoded: {},
});

// Issue 29 item 2: a key can come from a request header, so what is kept is bounded.
describe('answerKeeper', () => {
  it('builds an answer once per owner and key', async () => {
    const keep = answerKeeper(10);
    const site = {};
    let builds = 0;
    const make = async () => answer(`built ${++builds}`);
    const first = await keep(site, 'en', make);
    expect(await keep(site, 'en', make)).toBe(first);
    expect(await keep({}, 'en', make)).not.toBe(first);
    expect(builds).toBe(2);
  });

  it('keeps no more than its bound, however many keys are asked for', async () => {
    const keep = answerKeeper(3);
    const site = {};
    for (let index = 0; index < 50; index++) {
      await keep(site, `key ${index}`, async () => answer(String(index)));
      expect(keep.keptCount()).toBeLessThanOrEqual(3);
    }
    expect(keep.keptCount()).toBe(3);
  });

  it('lets the least recently used answer go first', async () => {
    const keep = answerKeeper(2);
    const site = {};
    const a = await keep(site, 'a', async () => answer('a'));
    await keep(site, 'b', async () => answer('b'));
    expect(await keep(site, 'a', async () => answer('a again'))).toBe(a);
    await keep(site, 'c', async () => answer('c'));
    expect(await keep(site, 'a', async () => answer('a again'))).toBe(a);
    expect((await keep(site, 'b', async () => answer('b again'))).etag).toBe('"b again"');
  });

  it('keeps no failed build', async () => {
    const keep = answerKeeper(2);
    const site = {};
    await expect(keep(site, 'a', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect((await keep(site, 'a', async () => answer('a'))).etag).toBe('"a"');
  });
});
