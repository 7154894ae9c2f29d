/** Where a block of log lines goes: sonic-boom's asynchronous writer. */
export interface BlockWriter {
  write(block: string): void;
  flushSync(): void;
}

/** Sent as one write once this many characters are waiting (about 12 KB of ASCII lines). */
const BLOCK_CHARS = 12 * 1024;

/**
 * Log lines gathered into blocks of about 12 KB, each handed to the writer as one string, and
 * whatever waits sent at least once a second and when the process exits. Under load one
 * write per line was a tenth of the API's CPU, and each write costs about the same whatever
 * its size. sonic-boom can buffer by itself (`minLength`), but it appends each line to one
 * growing string and measures that string's byte length on every line, which flattens it:
 * 2 µs and a copy of the whole block per line (bench/, GET /me). An array joined once costs
 * 0.2 µs a line.
 */
export class BlockLog {
  #lines: string[] = [];
  #chars = 0;
  readonly #out: BlockWriter;
  // Lines still here when the process exits would be lost: the writer is asynchronous.
  readonly #onExit = () => {
    this.#send();
    this.#out.flushSync();
  };

  constructor(out: BlockWriter) {
    this.#out = out;
    setInterval(() => this.flush(), 1000).unref();
    process.on('exit', this.#onExit);
  }

  write(line: string): void {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= BLOCK_CHARS) this.#send();
  }

  /** Hands over what waits; the writer writes it as soon as its previous write is done. */
  flush(): void {
    this.#send();
  }

  #send(): void {
    if (this.#lines.length === 0) return;
    const block = this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    this.#out.write(block);
  }
}
