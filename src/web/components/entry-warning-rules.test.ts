import { describe, expect, it } from 'vitest';
import {
  isEntryWarningHiddenOn,
  showsAdultContentNotice,
  showsUsFooter,
} from './entry-warning-rules';

describe('the entry warning is hidden on the pages our own mails link to (spec §9)', () => {
  it('hides it on complete-signup, reset-password and reset-password-do', () => {
    for (const path of ['/complete-signup', '/reset-password', '/reset-password/do'])
      expect(isEntryWarningHiddenOn(path), path).toBe(true);
  });

  it('keeps it everywhere else', () => {
    for (const path of ['/', '/login', '/members/7/landing', '/chats/3', '/landers/video'])
      expect(isEntryWarningHiddenOn(path), path).toBe(false);
  });
});

describe('the adult-content notice of the chat and lander layouts (spec §2)', () => {
  it('shows for NL and DE only', () => {
    for (const country of ['NL', 'DE'])
      expect(showsAdultContentNotice({ geoip_selected_country: country }, '/chats/3')).toBe(true);
    for (const country of ['BE', 'GB', 'US', 'AT'])
      expect(showsAdultContentNotice({ geoip_selected_country: country }, '/chats/3')).toBe(false);
  });

  it('is hidden on the pages of spec §9', () => {
    expect(showsAdultContentNotice({ geoip_selected_country: 'NL' }, '/reset-password/do')).toBe(
      false,
    );
  });
});

describe('the extra footer for the US English site (spec §1)', () => {
  const us = { geoip_selected_country: 'US', domain_language: 'en-GB' };
  it('shows in English to a visitor served as in the US, or on an en-US site', () => {
    expect(showsUsFooter(us, 'en')).toBe(true);
    expect(showsUsFooter({ geoip_selected_country: 'NL', domain_language: 'en-US' }, 'en')).toBe(
      true,
    );
  });

  it('never in another language, nor for another country', () => {
    expect(showsUsFooter(us, 'nl')).toBe(false);
    expect(showsUsFooter(us, 'es')).toBe(false);
    expect(showsUsFooter({ geoip_selected_country: 'GB', domain_language: 'en-GB' }, 'en')).toBe(
      false,
    );
    expect(showsUsFooter({ geoip_selected_country: 'GB', domain_language: null }, 'en')).toBe(
      false,
    );
  });
});
