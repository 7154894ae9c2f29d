import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface EntrySize {
  jsFiles: number;
  jsBytes: number;
  jsGzip: number;
  cssBytes: number;
  cssGzip: number;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}=["']([^"']+)["']`).exec(tag)?.[1];

/**
 * What a build's index.html makes the phone fetch before anything renders: its scripts and
 * modulepreloads (JavaScript), and its stylesheets, each gzipped at level 9 as a server would.
 */
export async function entrySize(dist: string): Promise<EntrySize> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    const href = attr(tag, 'href');
    const rel = attr(tag, 'rel');
    if (tag.startsWith('<script') && src) js.add(src);
    if (rel === 'modulepreload' && href) js.add(href);
    if (rel === 'stylesheet' && href) css.add(href);
  }
  const measure = async (files: Set<string>) => {
    let bytes = 0;
    let gzip = 0;
    for (const file of files) {
      const body = await readFile(join(dist, file));
      bytes += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    return { bytes, gzip };
  };
  const j = await measure(js);
  const c = await measure(css);
  return { jsFiles: js.size, jsBytes: j.bytes, jsGzip: j.gzip, cssBytes: c.bytes, cssGzip: c.gzip };
}
