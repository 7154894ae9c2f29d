/**
 * A fixed grid of 0.1° by 0.1° cells (about 11 km north to south, 9 to 11 km east to west
 * across India). 'Nearby' means the same cell or one of its 8 neighbours, so whether someone
 * is suggested changes only where the viewer crosses a grid line: the lines are the same for
 * everyone and say nothing about where anyone stands inside a cell.
 */
const CELLS_PER_DEGREE = 10;
const ROWS = 180 * CELLS_PER_DEGREE;
const COLUMNS = 360 * CELLS_PER_DEGREE;

/** The cell id of a position: row (south to north) times COLUMNS plus column (west to east). */
export function cellOf(latitude: number, longitude: number): number {
  const row = Math.min(ROWS - 1, Math.floor((latitude + 90) * CELLS_PER_DEGREE));
  const column = Math.floor((longitude + 180) * CELLS_PER_DEGREE) % COLUMNS;
  return row * COLUMNS + column;
}

/** The cell and its neighbours; columns wrap at the 180° meridian, rows stop at the poles. */
export function cellAndNeighbours(cell: number): number[] {
  const row = Math.floor(cell / COLUMNS);
  const column = cell % COLUMNS;
  const cells: number[] = [];
  for (const r of [row - 1, row, row + 1]) {
    if (r < 0 || r >= ROWS) continue;
    for (const c of [column - 1, column, column + 1]) {
      cells.push(r * COLUMNS + ((c + COLUMNS) % COLUMNS));
    }
  }
  return cells;
}
