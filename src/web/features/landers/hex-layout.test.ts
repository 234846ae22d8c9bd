import { describe, expect, it } from 'vitest';
import { hexPoints, tileMap } from './hex-layout';

describe('the tile map of the region map', () => {
  it('draws every cell apart and inside the box', () => {
    const tiles = [
      { column: 0, row: 0 },
      { column: 1, row: 0 },
      { column: 0, row: 1 },
      { column: 2, row: 3 },
    ];
    const { cells, width, height } = tileMap(tiles);
    expect(new Set(cells.map((cell) => `${cell.x},${cell.y}`)).size).toBe(4);
    for (const cell of cells) {
      expect(cell.x - Math.sqrt(3) / 2).toBeGreaterThanOrEqual(-1e-9);
      expect(cell.x + Math.sqrt(3) / 2).toBeLessThanOrEqual(width + 1e-9);
      expect(cell.y - 1).toBeGreaterThanOrEqual(-1e-9);
      expect(cell.y + 1).toBeLessThanOrEqual(height + 1e-9);
    }
    // Odd rows sit half a cell to the right, so neighbours touch.
    expect(cells[2]!.x - cells[0]!.x).toBeCloseTo(Math.sqrt(3) / 2);
  });

  it('draws six corners', () => {
    expect(hexPoints({ x: 0, y: 0 }, 1).split(' ')).toHaveLength(6);
  });
});
