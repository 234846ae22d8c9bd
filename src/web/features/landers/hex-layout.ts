/** A cell's centre, in units where a hexagon's circumradius is 1. */
export interface HexCell {
  x: number;
  y: number;
}

const SQRT3 = Math.sqrt(3);

/**
 * The centres of a tile map's cells and the box that holds them all. Cells come as column and
 * row of pointy-top hexagons (odd rows shifted half a cell right), as the server lays out the
 * regions of a country (issue 25 item 1): each region one equal cell, never a member's place.
 */
export function tileMap(tiles: Array<{ column: number; row: number }>) {
  const cells: HexCell[] = tiles.map(({ column, row }) => ({
    x: SQRT3 * (column + 0.5 + (row % 2) / 2),
    y: 1 + row * 1.5,
  }));
  const width = Math.max(SQRT3, ...cells.map((cell) => cell.x + SQRT3 / 2));
  const height = Math.max(2, ...cells.map((cell) => cell.y + 1));
  return { cells, width, height };
}

/** The points of a pointy-top hexagon around (x, y), scaled to `radius`, for an SVG polygon. */
export function hexPoints({ x, y }: HexCell, radius: number): string {
  return Array.from({ length: 6 }, (_, corner) => {
    const angle = (Math.PI / 180) * (60 * corner - 90);
    return `${(x + radius * Math.cos(angle)).toFixed(3)},${(y + radius * Math.sin(angle)).toFixed(3)}`;
  }).join(' ');
}
