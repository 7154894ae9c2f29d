export const heifTypes: readonly string[] = ['image/heic', 'image/heif'];

/** Sizes chosen for phones on mobile data; see transcode-video.ts and normalize-image.ts. */
export const limits = {
  /** Shorter side of a video or poster, in pixels. */
  videoShortSide: 720,
  /** Shorter side of a video's low rendition, for 2G/3G links (transcode-video.ts). */
  lowVideoShortSide: 360,
  /** Longer side of the small poster the feed shows (poster.ts). */
  smallPosterLongSide: 480,
  /** Bytes the small poster may weigh: five load at a cold start on a 3G link. */
  smallPosterMaxBytes: 25 * 1024,
  /** Photos fit inside this box, portrait as phones hold them. */
  imageMaxWidth: 1080,
  imageMaxHeight: 1920,
  /** Longest input we process; uploads are capped at 10 MB, so real clips are far shorter. */
  maxInputDurationSec: 600,
  /**
   * Refuse decoding a frame bigger than 8K UHD, the largest a phone records: a tiny file can
   * declare a huge frame (one 8192x8192 JPEG referenced 18,000 times is 1.2 MB).
   */
  maxInputPixels: 7680 * 4320,
  /** Decoded pixels a second: 8K at 30 fps (or 4K at 120), the most a phone records. */
  maxPixelRate: 7680 * 4320 * 30,
  /** Frames a second a container may list: phones' slow motion records at 240. */
  maxFrameRate: 240,
  /**
   * Decoded pixels in all: ten minutes of 1080p at 30 fps, far more than 10 MB of a phone's
   * video holds, so only a file whose frames repeat or are empty comes near it.
   */
  maxTotalPixels: 1920 * 1080 * 30 * 600,
} as const;
