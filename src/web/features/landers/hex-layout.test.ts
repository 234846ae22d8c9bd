import { describe, expect, it } from 'vitest';
import { hexPoints, honeycomb } from './hex-layout';

describe('the honeycomb of the region map', () => {
  it('places every region in a cell of its own, inside the box', () => {
    const { cells, width, height } = honeycomb(12, 4);
    expect(cells).toHaveLength(12);
    expect(new Set(cells.map((cell) => `${cell.x},${cell.y}`)).size).toBe(12);
    for (const cell of cells) {
      expect(cell.x - Math.sqrt(3) / 2).toBeGreaterThanOrEqual(0);
      expect(cell.x + Math.sqrt(3) / 2).toBeLessThanOrEqual(width + 1e-9);
      expect(cell.y + 1).toBeLessThanOrEqual(height + 1e-9);
    }
  });

  it('draws six corners', () => {
    expect(hexPoints({ x: 0, y: 0 }, 1).split(' ')).toHaveLength(6);
  });
});
