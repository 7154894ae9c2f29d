// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPath } from './qr';

/**
 * A small independent QR reader for versions 1-3 (one error-correction block, so the data
 * codewords come first and need no de-interleaving): format bits, function patterns, mask,
 * zigzag order and byte mode, straight from ISO/IEC 18004.
 */
const dataCodewords: Record<number, Record<string, number>> = {
  1: { L: 19, M: 16, Q: 13, H: 9 },
  2: { L: 34, M: 28, Q: 22, H: 16 },
  3: { L: 55, M: 44, Q: 34, H: 26 },
};
const levels: Record<number, string> = { 0: 'M', 1: 'L', 2: 'H', 3: 'Q' };
const masks: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function decode(m: readonly (readonly boolean[])[]): {
  text: string;
  level: string;
  version: number;
} {
  const size = m.length;
  const version = (size - 17) / 4;
  const table = dataCodewords[version];
  if (!table) throw new Error(`version ${version} is outside this reader`);
  let format = 0;
  const bit = (x: number, y: number) => (m[y]?.[x] ? 1 : 0);
  const formatCells: [number, number][] = [
    ...[0, 1, 2, 3, 4, 5].map((i): [number, number] => [8, i]),
    [8, 7],
    [8, 8],
    [7, 8],
    ...[9, 10, 11, 12, 13, 14].map((i): [number, number] => [14 - i, 8]),
  ];
  formatCells.forEach(([x, y], i) => (format |= bit(x, y) << i));
  const info = (format ^ 0x5412) >> 10;
  const level = levels[info >> 3] ?? '?';
  const mask = masks[info & 7];
  if (!mask) throw new Error('bad mask');
  const isFunction = (x: number, y: number) =>
    (x < 9 && y < 9) ||
    (x >= size - 8 && y < 9) ||
    (x < 9 && y >= size - 8) ||
    x === 6 ||
    y === 6 ||
    (version >= 2 && Math.abs(x - (size - 7)) <= 2 && Math.abs(y - (size - 7)) <= 2);
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (!isFunction(x, y)) bits.push(bit(x, y) ^ (mask(x, y) ? 1 : 0));
      }
    }
  }
  const count = table[level] ?? 0;
  let cursor = 0;
  const read = (n: number) => {
    let value = 0;
    for (let i = 0; i < n; i++) value = (value << 1) | (bits[cursor++] ?? 0);
    return value;
  };
  expect(read(4)).toBe(0b0100);
  const length = read(8);
  expect(length).toBeLessThanOrEqual(count);
  const bytes = Uint8Array.from({ length }, () => read(8));
  return { text: new TextDecoder().decode(bytes), level, version };
}

describe('QR code of the card', () => {
  it('encodes the verify address so that a reader gets it back exactly', () => {
    for (const url of [
      'https://saathi.app/driver-id/10026',
      'http://127.0.0.1:41234/driver-id/99999',
      'https://saathi.example.in/driver-id/54321',
    ]) {
      const decoded = decode(qrMatrix(url));
      expect(decoded.text).toBe(url);
      expect(decoded.level).toBe('M');
    }
  });

  it('has the three finder patterns and the size of its version', () => {
    const matrix = qrMatrix('https://saathi.app/driver-id/10026');
    expect(matrix.length).toBe(29);
    const finder = (x0: number, y0: number) =>
      Array.from({ length: 7 }, (_, y) =>
        Array.from({ length: 7 }, (_, x) => (matrix[y0 + y]?.[x0 + x] ? '#' : '.')).join(''),
      );
    const pattern = ['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'];
    expect(finder(0, 0)).toEqual(pattern);
    expect(finder(22, 0)).toEqual(pattern);
    expect(finder(0, 22)).toEqual(pattern);
  });

  it('draws one unit square per dark module', () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
  });
});
