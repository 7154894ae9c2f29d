import { encode } from 'uqr';

/**
 * The dark modules of a QR code, row by row, without the quiet zone (the card draws its own
 * white margin). Level M survives a scratched or creased card better than the default L.
 */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** One SVG path of unit squares, so the code stays sharp at any size and costs one element. */
export function qrPath(matrix: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return parts.join('');
}
