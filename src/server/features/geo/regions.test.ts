import { allCountries } from 'country-region-data';
import { describe, expect, it } from 'vitest';
import { displayRegionName, regionsOf } from './regions';

describe('region names as people write them (issue 23 item 13)', () => {
  it('turns the inverted ISO forms around', () => {
    expect(displayRegionName('Durham, County')).toBe('County Durham');
    expect(displayRegionName('Bristol, City of')).toBe('Bristol');
    expect(displayRegionName('Edinburgh, City of')).toBe('Edinburgh');
    expect(displayRegionName('Vale of Glamorgan, The')).toBe('Vale of Glamorgan');
  });

  it('leaves names that only contain a comma alone', () => {
    expect(displayRegionName('Bournemouth, Christchurch and Poole')).toBe(
      'Bournemouth, Christchurch and Poole',
    );
    expect(displayRegionName('Noord-Holland')).toBe('Noord-Holland');
  });

  it('shows no inverted name in any country, and keeps every code', () => {
    for (const [, country, regions] of allCountries) {
      const shown = regionsOf(country);
      expect(shown.map((region) => region.code)).toEqual(
        regions.map(([name, code]) => code ?? name),
      );
      for (const region of shown) {
        expect(region.name, `${country} ${region.code}`).not.toMatch(/, (The|City of|County)$/);
      }
    }
    const durham = regionsOf('GB').find((region) => region.name === 'County Durham');
    expect(durham?.code).toBe('DUR');
  });
});
