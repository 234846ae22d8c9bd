import centres from './data/region-centres.json';

/** A region's cell in a honeycomb of pointy-top hexagons; odd rows sit half a cell right. */
export interface RegionTile {
  column: number;
  row: number;
}

// Latitude and longitude of each region's centre, per country.
const CENTRES: Record<string, Record<string, number[] | undefined> | undefined> = centres;
// Rows of pointy-top hexagons are 0.866 of a cell apart.
const ROW_HEIGHT = Math.sqrt(3) / 2;

const cellX = ({ column, row }: RegionTile) => column + (Math.abs(row) % 2) / 2;
const cellY = ({ row }: RegionTile) => row * ROW_HEIGHT;

/**
 * Lays the regions of one country out as a tile map: each region one hexagon, placed as near
 * as a free cell allows to where the region lies (its centre from region-centres.json, public
 * geography). Regions without a known centre follow in a row below. No member's place is used.
 */
export function layOutRegionTiles(country: string, codes: string[]): Map<string, RegionTile> {
  const known = CENTRES[country] ?? {};
  const placed = codes.flatMap((code) => {
    const centre = known[code];
    return centre ? [{ code, lat: centre[0] ?? 0, lon: centre[1] ?? 0 }] : [];
  });
  const tiles = new Map<string, RegionTile>();
  const taken = new Set<string>();
  const take = (code: string, tile: RegionTile) => {
    tiles.set(code, tile);
    taken.add(`${tile.column},${tile.row}`);
  };

  if (placed.length >= codes.length / 2) {
    // Equirectangular projection around the country's middle; far-off islands and
    // territories are pulled to the edge of the main land so they do not shrink it.
    const middleLat = median(placed.map((point) => point.lat));
    const shrink = Math.cos((middleLat * Math.PI) / 180);
    const points = placed.map((point) => ({
      code: point.code,
      x: point.lon * shrink,
      y: -point.lat,
    }));
    const [left, right] = spread(points.map((point) => point.x));
    const [top, bottom] = spread(points.map((point) => point.y));
    // About 1.3 cells of land per region keeps the shape without gaps everywhere.
    const area = Math.max((right - left) * (bottom - top), 1e-6);
    const size = Math.sqrt(area / (points.length * 1.3)) || 1;
    const targets = points.map((point) => ({
      code: point.code,
      x: (clamp(point.x, left, right) - left) / size,
      y: (clamp(point.y, top, bottom) - top) / size,
    }));
    const middle = { x: mean(targets.map((t) => t.x)), y: mean(targets.map((t) => t.y)) };
    // The heart of the country first, so the edges give way rather than the middle.
    targets.sort(
      (a, b) =>
        Math.hypot(a.x - middle.x, a.y - middle.y) - Math.hypot(b.x - middle.x, b.y - middle.y),
    );
    for (const target of targets) take(target.code, nearestFreeCell(target, taken));
  }

  // Regions without a centre (or a country without centres): row by row beneath.
  const rest = codes.filter((code) => !tiles.has(code));
  const columns = Math.max(3, Math.ceil(Math.sqrt(rest.length * 1.2)));
  const firstRow = tiles.size > 0 ? Math.max(...[...tiles.values()].map((t) => t.row)) + 2 : 0;
  const startRow = firstRow % 2 === 0 ? firstRow : firstRow + 1;
  rest.forEach((code, index) =>
    take(code, { column: index % columns, row: startRow + Math.floor(index / columns) }),
  );
  return normalised(tiles);
}

/** The free cell whose centre is nearest to the target point (in cell units). */
function nearestFreeCell(target: { x: number; y: number }, taken: Set<string>): RegionTile {
  const row0 = Math.round(target.y / ROW_HEIGHT);
  const column0 = Math.round(target.x);
  for (let radius = 0; ; radius += 1) {
    let best: RegionTile | undefined;
    let bestDistance = Infinity;
    for (let row = row0 - radius; row <= row0 + radius; row += 1) {
      for (let column = column0 - radius; column <= column0 + radius; column += 1) {
        if (taken.has(`${column},${row}`)) continue;
        const tile = { column, row };
        const distance = Math.hypot(cellX(tile) - target.x, cellY(tile) - target.y);
        if (distance < bestDistance) {
          best = tile;
          bestDistance = distance;
        }
      }
    }
    if (best) return best;
  }
}

/** Tiles moved so the smallest column and row are 0, keeping each row's half-cell shift. */
function normalised(tiles: Map<string, RegionTile>): Map<string, RegionTile> {
  if (tiles.size === 0) return tiles;
  const all = [...tiles.values()];
  const minRow = Math.min(...all.map((tile) => tile.row));
  // Shift rows by an even number only, so odd rows stay the shifted ones.
  const rowShift = minRow - (((minRow % 2) + 2) % 2);
  const minColumn = Math.min(...all.map((tile) => tile.column));
  return new Map(
    [...tiles].map(([code, tile]) => [
      code,
      { column: tile.column - minColumn, row: tile.row - rowShift },
    ]),
  );
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The range of the values without their far outliers (beyond 1.5 interquartile ranges). */
function spread(values: number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const quartile = (share: number) => sorted[Math.floor(share * (sorted.length - 1))] ?? 0;
  const [low, high] = [quartile(0.25), quartile(0.75)];
  const reach = (high - low) * 1.5;
  const inside = sorted.filter((value) => value >= low - reach && value <= high + reach);
  return [inside[0] ?? 0, inside[inside.length - 1] ?? 0];
}
