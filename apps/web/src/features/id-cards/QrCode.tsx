import { useMemo } from 'react';
import { qrMatrix, qrPath } from './qr';

/** A QR code drawn as SVG from our own encoding (no image request, works offline). */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const matrix = useMemo(() => qrMatrix(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr-text={text}
      width={size}
      height={size}
      viewBox={`0 0 ${matrix.length} ${matrix.length}`}
      shapeRendering="crispEdges"
    >
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
