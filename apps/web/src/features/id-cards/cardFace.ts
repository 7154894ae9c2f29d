/**
 * The front of the card in CSS pixels. The screen (absolutely placed elements) and the PNG
 * (canvas, at scale 2) both draw from these numbers, so the download looks like the preview.
 */
export const face = {
  width: 340,
  height: 216,
  headerHeight: 40,
  photo: { x: 12, y: 50, width: 72, height: 90 },
  qr: { x: 266, y: 46, size: 60, label: 116 },
  text: { x: 94, width: 160, nameY: 62, designationY: 80, firstRowY: 100, rowGap: 16 },
  validTillY: 166,
  bar: { y: 180, height: 36 },
  colors: {
    brand: '#c2410c',
    ink: '#1c1917',
    muted: '#57534e',
    validInk: '#15803d',
    validBack: '#dcfce7',
    expiredInk: '#b91c1c',
    expiredBack: '#fee2e2',
  },
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', sans-serif",
} as const;

/** Lines below the QR code's number may run to the right edge; higher ones stop before the code. */
export function lineWidth(y: number): number {
  return y - 8 >= face.qr.label + 8 ? face.width - face.text.x - 12 : face.text.width;
}

/** Everything written on the front, already in the reader's language. */
export interface FrontText {
  brand: string;
  heading: string;
  name: string;
  designation: string;
  rows: readonly (readonly [label: string, value: string])[];
  cardNo: string;
  validTill: string;
  validity: string;
  valid: boolean;
}
