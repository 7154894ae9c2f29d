import type { IncomingHttpHeaders } from 'node:http';
import type { StoredVersion } from '../storage/storage.js';

/** HTTP dates count whole seconds, so a stored time is compared at that precision. */
const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match names the current entity tag, compared weakly (RFC 9110 13.1.2). */
export function noneMatchHits(noneMatch: string, etag: string): boolean {
  if (noneMatch.trim() === '*') return true;
  const current = opaque(etag);
  return noneMatch.split(',').some((tag) => opaque(tag) === current);
}

/**
 * Whether the copy the client holds is the stored one (RFC 9110 13.2.2): If-None-Match
 * decides when present; only without it If-Modified-Since.
 */
export function notModified(headers: IncomingHttpHeaders, version: StoredVersion): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) return noneMatchHits(noneMatch, version.etag);
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && toSeconds(version.modified) <= since;
}

/**
 * If-Range (RFC 9110 13.1.5): a range only of the version the client already holds part of,
 * else the whole file. Entity tags compare strongly; a date must be the Last-Modified itself.
 */
export function rangeApplies(headers: IncomingHttpHeaders, version: StoredVersion): boolean {
  const ifRange = headers['if-range'];
  if (ifRange === undefined) return true;
  const value = String(ifRange).trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === version.etag;
  return Date.parse(value) === toSeconds(version.modified);
}
