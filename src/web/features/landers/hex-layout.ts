/** A cell of a honeycomb: its centre, in units where a hexagon's circumradius is 1. */
export interface HexCell {
  x: number;
  y: number;
}

const SQRT3 = Math.sqrt(3);

/**
 * Places `count` pointy-top hexagons row by row in a honeycomb about `columns` wide (odd rows
 * shifted half a cell), and gives the box that holds them all. A tile map of regions: each
 * region one equal cell, so no member's place is ever drawn (issue 25 item 1).
 */
export function honeycomb(count: number, columns: number) {
  const cells: HexCell[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = Math.floor(index / columns);
    const column = index % columns;
    cells.push({ x: SQRT3 * (column + 1 + (row % 2) / 2), y: 1 + row * 1.5 });
  }
  const rows = Math.max(1, Math.ceil(count / columns));
  return {
    cells,
    width: SQRT3 * (Math.min(count, columns) + (rows > 1 ? 1.5 : 1)),
    height: 2 + (rows - 1) * 1.5,
  };
}

/** The points of a pointy-top hexagon around (x, y), scaled to `radius`, for an SVG polygon. */
export function hexPoints({ x, y }: HexCell, radius: number): string {
  return Array.from({ length: 6 }, (_, corner) => {
    const angle = (Math.PI / 180) * (60 * corner - 90);
    return `${(x + radius * Math.cos(angle)).toFixed(3)},${(y + radius * Math.sin(angle)).toFixed(3)}`;
  }).join(' ');
}
