import { describe, expect, it } from 'vitest';
import { memberLandingVariant } from './member-landing';

describe('memberLandingVariant (issue 25: an unknown slug falls back to the default)', () => {
  it('takes the headline sets the site defines', () => {
    expect(memberLandingVariant('chat')).toBe('chat');
    expect(memberLandingVariant('photos')).toBe('photos');
  });

  it('shows the default set for no slug and for any other', () => {
    for (const slug of [undefined, '', 'default', 'CHAT', 'no-such-variant', 'constructor'])
      expect(memberLandingVariant(slug), String(slug)).toBe('default');
  });
});
