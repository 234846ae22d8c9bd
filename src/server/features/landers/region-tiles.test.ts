import { describe, expect, it } from 'vitest';
import { regionsOf } from '@server/features/geo';
import { layOutRegionTiles } from './region-tiles';

const codesOf = (country: string) => regionsOf(country).map((region) => region.code);
const y = (tile: { row: number }) => tile.row;
const x = (tile: { column: number; row: number }) => tile.column + (tile.row % 2) / 2;

// Issue 25 item 1: the map lander lays a country's regions out where they lie, one cell each.
describe('the tile map of a country', () => {
  it('gives every region a cell of its own', () => {
    for (const country of ['NL', 'DE', 'US', 'FR', 'SE', 'NO', 'GB']) {
      const codes = country === 'GB' ? codesOf(country).slice(0, 30) : codesOf(country);
      const tiles = layOutRegionTiles(country, codes);
      expect(tiles.size, country).toBe(codes.length);
      const cells = new Set([...tiles.values()].map((tile) => `${tile.column},${tile.row}`));
      expect(cells.size, country).toBe(codes.length);
      expect(Math.min(...[...tiles.values()].map((tile) => tile.column))).toBe(0);
      expect(Math.min(...[...tiles.values()].map((tile) => tile.row))).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps the country recognisable: Groningen north of Limburg, Zeeland west of Overijssel', () => {
    const tiles = layOutRegionTiles('NL', codesOf('NL'));
    expect(y(tiles.get('GR')!)).toBeLessThan(y(tiles.get('LI')!));
    expect(x(tiles.get('ZE')!)).toBeLessThan(x(tiles.get('OV')!));
    const germany = layOutRegionTiles('DE', codesOf('DE'));
    expect(y(germany.get('SH')!)).toBeLessThan(y(germany.get('BY')!));
  });
});
