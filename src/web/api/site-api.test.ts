import { describe, expect, it } from 'vitest';
import { featuredQuery } from './site-api';

describe('the "Meet some of our members" strip (issue 23 item 12)', () => {
  it('is kept apart for visitors and members, so login never shows the visitors list', () => {
    expect(featuredQuery('member', {}).queryKey).not.toEqual(featuredQuery('visitor', {}).queryKey);
  });

  it('is read afresh on every visit, so a block made elsewhere shows at once', () => {
    const options = featuredQuery('member', {});
    expect(options.staleTime).toBe(0);
    expect(options.gcTime).toBe(0);
  });
});
