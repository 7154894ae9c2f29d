import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as a stream, entry by entry, so an archive of many videos never sits in
 * memory whole. Media are stored as they are (already compressed), JSON is deflated.
 * fflate has no back-pressure of its own: each chunk waits until the output has drained.
 */
export function zipWriter() {
  const output = new PassThrough();
  let failed: Error | undefined;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failed = err;
      output.destroy(err);
      return;
    }
    output.write(chunk);
    if (final) output.end();
  });

  const drained = async () => {
    if (failed) throw failed;
    if (output.writableNeedDrain) await once(output, 'drain');
  };

  return {
    output: output as Readable,
    async addText(path: string, text: string): Promise<void> {
      const entry = new ZipDeflate(path, { level: 6 });
      zip.add(entry);
      entry.push(new TextEncoder().encode(text), true);
      await drained();
    },
    async addStream(path: string, source: AsyncIterable<Buffer>): Promise<void> {
      const entry = new ZipPassThrough(path);
      zip.add(entry);
      for await (const chunk of source) {
        entry.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        await drained();
      }
      entry.push(new Uint8Array(0), true);
      await drained();
    },
    end(): void {
      zip.end();
    },
    abort(error: Error): void {
      zip.terminate();
      output.destroy(error);
    },
  };
}
