import { describe, expect, it, vi } from 'vitest';
import { type Catalogue, createT } from './translate';

const tOf = (language: string, ...catalogues: Catalogue[]) => {
  const reportMissing = vi.fn<(key: string) => void>();
  return { t: createT(language, () => catalogues, reportMissing), reportMissing };
};

describe('createT', () => {
  it('chooses the Polish one, few, many and other forms by Intl.PluralRules', () => {
    const { t } = tOf('pl', {
      credits_one: '{{count}} kredyt',
      credits_few: '{{count}} kredyty',
      credits_many: '{{count}} kredytów',
      credits_other: '{{count}} kredytu',
    });
    expect(t('credits', { count: 1 })).toBe('1 kredyt');
    expect(t('credits', { count: 3 })).toBe('3 kredyty');
    expect(t('credits', { count: 22 })).toBe('22 kredyty');
    expect(t('credits', { count: 5 })).toBe('5 kredytów');
    expect(t('credits', { count: 12 })).toBe('12 kredytów');
    expect(t('credits', { count: 1.5 })).toBe('1.5 kredytu');
  });

  it('chooses one and other in Finnish and English, zero included', () => {
    const fi = tOf('fi', { unread_one: '{{count}} viesti', unread_other: '{{count}} viestiä' }).t;
    expect([0, 1, 2].map((count) => fi('unread', { count }))).toEqual([
      '0 viestiä',
      '1 viesti',
      '2 viestiä',
    ]);
    const en = tOf('en', { unread_one: '{{count}} message', unread_other: '{{count}} messages' }).t;
    expect([0, 1, 2].map((count) => en('unread', { count }))).toEqual([
      '0 messages',
      '1 message',
      '2 messages',
    ]);
  });

  it("takes _other for a form the texts do not have (Spanish 'many' of a million)", () => {
    const { t } = tOf('es', {
      credits_one: '{{count}} crédito',
      credits_other: '{{count}} créditos',
    });
    expect(new Intl.PluralRules('es').select(1_000_000)).toBe('many');
    expect(t('credits', { count: 1_000_000 })).toBe('1000000 créditos');
  });

  it('falls back to the bare key when a count is given for a text without plural forms', () => {
    expect(tOf('en', { shown: '{{count}} shown' }).t('shown', { count: 3 })).toBe('3 shown');
  });

  it('fills every placeholder, repeated ones too, and escapes nothing (React does)', () => {
    const { t } = tOf('en', { greet: '{{name}} & {{name}} <b>{{age}}</b>' });
    expect(t('greet', { name: 'Ann', age: 30 })).toBe('Ann & Ann <b>30</b>');
  });

  it('leaves a placeholder without a value in sight', () => {
    expect(tOf('en', { greet: 'Hi {{name}}' }).t('greet')).toBe('Hi {{name}}');
    expect(tOf('en', { greet: 'Hi {{name}}' }).t('greet', {})).toBe('Hi {{name}}');
  });

  it('reads a dotted key as a path through the nested texts', () => {
    const { t, reportMissing } = tOf('en', { errors: { generic: 'Something went wrong' } });
    expect(t('errors.generic')).toBe('Something went wrong');
    // A path to a group of texts is not a text.
    expect(t('errors')).toBe('errors');
    expect(reportMissing).toHaveBeenCalledWith('errors');
  });

  it('uses defaultValue, with its placeholders filled, only when the key is missing', () => {
    const { t, reportMissing } = tOf('en', { errors: { generic: 'Oops' } });
    expect(t('errors.nope', { defaultValue: 'Wait {{minutes}} min', minutes: 5 })).toBe(
      'Wait 5 min',
    );
    expect(t('errors.generic', { defaultValue: 'unused' })).toBe('Oops');
    expect(reportMissing).not.toHaveBeenCalled();
  });

  it('looks a key up in each namespace in order (nsMode fallback)', () => {
    const { t } = tOf('en', { title: 'Match finder' }, { title: 'Common', save: 'Save' });
    expect(t('title')).toBe('Match finder');
    expect(t('save')).toBe('Save');
  });

  it('shows a missing key as itself and reports it', () => {
    const { t, reportMissing } = tOf('en', {});
    expect(t('nav.nowhere', { count: 2 })).toBe('nav.nowhere');
    expect(reportMissing).toHaveBeenCalledWith('nav.nowhere');
  });
});
