import { resolve } from 'node:path';
import { z } from 'zod';
import { runFfprobe } from './ffmpeg.js';

export interface MediaProbe {
  /** null when the container does not say (browser-recorded WebM often has no duration). */
  durationSec: number | null;
  /** Display size: sample aspect ratio and rotation metadata applied. 0 without video. */
  width: number;
  height: number;
  /** Size as stored in the stream, before rotation. */
  codedWidth: number;
  codedHeight: number;
  /** Clockwise degrees the player turns the picture: 0, 90, 180 or 270. */
  rotation: number;
  videoCodec: string | null;
  audioCodec: string | null;
  hasVideo: boolean;
  hasAudio: boolean;
  frameRate: number | null;
  /** Frames the container lists (MP4/MOV sample tables); null when it does not say (WebM). */
  frameCount: number | null;
  audioChannels: number | null;
  pixelFormat: string | null;
  /** e.g. `arib-std-b67` (HLG) or `smpte2084` (PQ) for HDR clips from recent iPhones. */
  colorTransfer: string | null;
}

const num = z.union([z.number(), z.string()]).transform((v) => Number(v));

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  sample_aspect_ratio: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  pix_fmt: z.string().optional(),
  color_transfer: z.string().optional(),
  channels: z.number().optional(),
  duration: num.optional(),
  nb_frames: num.optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).optional(),
  tags: z.object({ rotate: num.optional() }).optional(),
  side_data_list: z
    .array(z.object({ side_data_type: z.string().optional(), rotation: num.optional() }))
    .optional(),
});

const probeSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.object({ duration: num.optional() }).optional(),
});

type Stream = z.infer<typeof streamSchema>;

function ratio(value: string | undefined): number | null {
  if (!value) return null;
  const [a, b] = value.split(/[:/]/).map(Number);
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  if (a <= 0 || b <= 0) return null;
  return a / b;
}

const finitePositive = (v: number | undefined) =>
  v !== undefined && Number.isFinite(v) && v > 0 ? v : null;

/**
 * ffprobe before 6.0 reports phone rotation as a `rotate` tag (clockwise), later ones only as
 * display-matrix side data (counter-clockwise), so both are read. Only quarter turns are
 * honoured, as ffmpeg's autorotate does, so the size reported matches what it outputs.
 */
function rotationOf(stream: Stream): number {
  const matrix = stream.side_data_list?.find((s) => s.side_data_type === 'Display Matrix');
  let degrees = 0;
  if (matrix?.rotation !== undefined && Number.isFinite(matrix.rotation)) {
    degrees = -matrix.rotation;
  } else if (stream.tags?.rotate !== undefined && Number.isFinite(stream.tags.rotate)) {
    degrees = stream.tags.rotate;
  }
  const normal = ((Math.round(degrees) % 360) + 360) % 360;
  return normal % 90 === 0 ? normal : 0;
}

/** A cover picture in an audio file is a "video" stream to ffprobe, but not a video. */
const isRealVideo = (s: Stream) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1;

export function parseProbe(json: unknown): MediaProbe {
  const data = probeSchema.parse(json);
  const video = data.streams.find(isRealVideo);
  const audio = data.streams.find((s) => s.codec_type === 'audio');
  const rotation = video ? rotationOf(video) : 0;
  const codedWidth = video?.width ?? 0;
  const codedHeight = video?.height ?? 0;
  const sar = ratio(video?.sample_aspect_ratio) ?? 1;
  const squareWidth = Math.round(codedWidth * sar);
  const turned = rotation === 90 || rotation === 270;
  const streamDurations = data.streams.map((s) => finitePositive(s.duration) ?? 0);
  const durationSec =
    finitePositive(data.format?.duration) ??
    (Math.max(0, ...streamDurations) > 0 ? Math.max(...streamDurations) : null);
  return {
    durationSec,
    width: turned ? codedHeight : squareWidth,
    height: turned ? squareWidth : codedHeight,
    codedWidth,
    codedHeight,
    rotation,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
    frameRate: ratio(video?.avg_frame_rate) ?? ratio(video?.r_frame_rate),
    frameCount: finitePositive(video?.nb_frames),
    audioChannels: audio?.channels ?? null,
    pixelFormat: video?.pix_fmt ?? null,
    colorTransfer: video?.color_transfer ?? null,
  };
}

/**
 * Reads a file's streams with ffprobe. Throws FfmpegError when ffprobe cannot read the file
 * at all; callers turn that into the refusal that fits what they expected (video, audio).
 */
export async function probeMedia(
  path: string,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<MediaProbe> {
  const { stdout } = await runFfprobe(
    [
      '-protocol_whitelist',
      'file',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      // `file:` keeps a name with a colon from being read as another protocol.
      `file:${resolve(path)}`,
    ],
    { timeoutMs: opts.timeoutMs ?? 30_000, signal: opts.signal },
  );
  return parseProbe(JSON.parse(stdout.toString('utf8')) as unknown);
}
