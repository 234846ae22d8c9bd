import { describe, expect, it } from 'vitest';
import { balanceShards } from './shard-balance';

describe('balanceShards (scripts/run-e2e.ts)', () => {
  it('keeps the two longest files apart and evens out the rest', () => {
    const weights = { 'a.e2e.ts': 130, 'b.e2e.ts': 80, 'c.e2e.ts': 40, 'd.e2e.ts': 30 };
    expect(balanceShards(Object.keys(weights), weights, 2)).toEqual([
      ['a.e2e.ts'],
      ['b.e2e.ts', 'c.e2e.ts', 'd.e2e.ts'],
    ]);
  });

  it('gives every file to exactly one shard, new files counting as average ones', () => {
    const files = ['x.e2e.ts', 'new.e2e.ts', 'y.e2e.ts', 'z.e2e.ts', 'w.e2e.ts'];
    const shards = balanceShards(files, { 'x.e2e.ts': 10, 'y.e2e.ts': 30 }, 2);
    expect(shards.flat().sort()).toEqual([...files].sort());
    expect(shards.every((shard) => shard.length > 0)).toBe(true);
  });

  it('runs everything in one shard when asked for one', () => {
    expect(balanceShards(['b', 'a'], {}, 1)).toEqual([['a', 'b']]);
  });
});
