import type sharpFactory from 'sharp';

let loading: Promise<typeof sharpFactory> | undefined;

/**
 * sharp, imported when the first image is made rather than at start-up: importing it loads
 * libvips, which costs every API process start-up time and resident memory even when no
 * photo is ever posted to it.
 */
export function loadSharp(): Promise<typeof sharpFactory> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
