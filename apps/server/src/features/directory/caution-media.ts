import type { SafetyCautionRow } from './queries.js';

export const PROCESS_CAUTION_QUEUE = 'safety.process';

/** Where the worker writes a caution's files; the poster sits beside its video. */
export const cautionKeys = (id: string) => ({
  video: `public/safety/${id}/video.mp4`,
  poster: `public/safety/${id}/poster.jpg`,
  image: (ext: string) => `public/safety/${id}/image.${ext}`,
});

/** The poster of a video our worker made; seeded or older videos have none. */
export function posterKeyOf(row: SafetyCautionRow): string | null {
  return row.videoKey === cautionKeys(row.id).video ? cautionKeys(row.id).poster : null;
}

/** Every file a caution points at, processed or raw. */
export function cautionFiles(row: SafetyCautionRow): string[] {
  return [row.imageKey, row.videoKey, posterKeyOf(row), row.rawImageKey, row.rawVideoKey].filter(
    (k): k is string => typeof k === 'string',
  );
}
