import { face, lineWidth, type FrontText } from './cardFace';

/** Spec 001 section 9: the picture is made at scale 2 and given up on after 15 s. */
export const pngScale = 2;
export const pngTimeoutMs = 15_000;

type Ctx = CanvasRenderingContext2D;

/** Shortens a line with an ellipsis so it never runs into the QR code or off the card. */
function fitText(ctx: Ctx, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let end = text.length;
  while (end > 0 && ctx.measureText(`${text.slice(0, end)}…`).width > maxWidth) end -= 1;
  return `${text.slice(0, end)}…`;
}

function drawPhoto(ctx: Ctx, photo: HTMLImageElement | null): void {
  const { x, y, width, height } = face.photo;
  ctx.fillStyle = '#e7e5e4';
  ctx.fillRect(x, y, width, height);
  if (photo && photo.naturalWidth > 0) {
    // Cover the frame like object-fit: cover, cropping the longer side around the middle.
    const scale = Math.max(width / photo.naturalWidth, height / photo.naturalHeight);
    const sw = width / scale;
    const sh = height / scale;
    ctx.drawImage(
      photo,
      (photo.naturalWidth - sw) / 2,
      (photo.naturalHeight - sh) / 2,
      sw,
      sh,
      x,
      y,
      width,
      height,
    );
  }
  ctx.strokeStyle = face.colors.brand;
  ctx.lineWidth = 1.5;
  ctx.strokeRect(x, y, width, height);
}

function drawQr(ctx: Ctx, matrix: readonly (readonly boolean[])[]): void {
  const { x, y, size } = face.qr;
  const cell = size / Math.max(1, matrix.length);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x - 3, y - 3, size + 6, size + 6);
  ctx.fillStyle = '#000000';
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      // A hair of overlap hides the seams that antialiasing leaves between modules.
      if (dark) ctx.fillRect(x + c * cell, y + r * cell, cell + 0.05, cell + 0.05);
    }),
  );
}

/** Draws the front at `scale` times its CSS size onto a new canvas. */
export function drawCardFront(
  text: FrontText,
  photo: HTMLImageElement | null,
  qr: readonly (readonly boolean[])[],
  scale = pngScale,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = face.width * scale;
  canvas.height = face.height * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');
  ctx.scale(scale, scale);
  const { colors, font } = face;

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, face.width, face.height);
  ctx.fillStyle = colors.brand;
  ctx.fillRect(0, 0, face.width, face.headerHeight);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 20px ${font}`;
  ctx.textAlign = 'left';
  ctx.fillText(text.brand, 12, face.headerHeight / 2);
  ctx.font = `bold 12px ${font}`;
  ctx.textAlign = 'right';
  ctx.fillText(text.heading, face.width - 12, face.headerHeight / 2);

  drawPhoto(ctx, photo);
  drawQr(ctx, qr);
  ctx.textAlign = 'center';
  ctx.fillStyle = colors.ink;
  ctx.font = `bold 12px ${font}`;
  ctx.fillText(text.cardNo, face.qr.x + face.qr.size / 2, face.qr.label);

  const { x, width } = face.text;
  ctx.textAlign = 'left';
  ctx.fillStyle = colors.ink;
  ctx.font = `bold 15px ${font}`;
  ctx.fillText(fitText(ctx, text.name, width), x, face.text.nameY);
  ctx.fillStyle = colors.muted;
  ctx.font = `12px ${font}`;
  ctx.fillText(fitText(ctx, text.designation, width), x, face.text.designationY);
  text.rows.forEach(([label, value], index) => {
    const y = face.text.firstRowY + index * face.text.rowGap;
    ctx.fillStyle = colors.muted;
    ctx.font = `12px ${font}`;
    const labelText = `${label}: `;
    ctx.fillText(labelText, x, y);
    const labelWidth = ctx.measureText(labelText).width;
    ctx.fillStyle = colors.ink;
    ctx.font = `bold 12px ${font}`;
    ctx.fillText(fitText(ctx, value, lineWidth(y) - labelWidth), x + labelWidth, y);
  });
  ctx.fillStyle = colors.muted;
  ctx.font = `11px ${font}`;
  ctx.fillText(fitText(ctx, text.validTill, lineWidth(face.validTillY)), x, face.validTillY);

  ctx.fillStyle = text.valid ? colors.validBack : colors.expiredBack;
  ctx.fillRect(0, face.bar.y, face.width, face.bar.height);
  ctx.fillStyle = text.valid ? colors.validInk : colors.expiredInk;
  ctx.font = `bold 15px ${font}`;
  ctx.textAlign = 'center';
  ctx.fillText(text.validity, face.width / 2, face.bar.y + face.bar.height / 2);
  return canvas;
}

function loadImage(url: string): Promise<HTMLImageElement | null> {
  const image = new Image();
  image.src = url;
  // A photo that cannot load still leaves a usable card: its frame is drawn empty.
  return image.decode().then(
    () => image,
    () => null,
  );
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('card image timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The front as a PNG at scale 2 (680 px wide), with the photo, or an error after 15 s. */
export function cardFrontPng(
  text: FrontText,
  photoUrl: string,
  qr: readonly (readonly boolean[])[],
  timeoutMs = pngTimeoutMs,
): Promise<Blob> {
  const work = loadImage(photoUrl).then(
    (photo) =>
      new Promise<Blob>((resolve, reject) => {
        drawCardFront(text, photo, qr).toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no PNG'))),
          'image/png',
        );
      }),
  );
  return withTimeout(work, timeoutMs);
}
