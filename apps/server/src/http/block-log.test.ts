import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BlockLog } from './block-log.js';

const run = promisify(execFile);

describe('the log written in blocks', () => {
  const writer = () => {
    const blocks: string[] = [];
    return { blocks, out: { write: (b: string) => void blocks.push(b), flushSync: () => {} } };
  };

  it('holds short lines until a block is full, then sends them as one write, in order', () => {
    const { blocks, out } = writer();
    const log = new BlockLog(out);
    const line = (i: number) => `{"n":${i},"pad":"${'x'.repeat(100)}"}\n`;
    for (let i = 0; i < 100; i++) log.write(line(i));
    expect(blocks).toEqual([]);
    for (let i = 100; i < 200; i++) log.write(line(i));
    expect(blocks).toHaveLength(1);
    log.flush();
    expect(blocks.join('')).toBe(Array.from({ length: 200 }, (_, i) => line(i)).join(''));
    log.flush();
    expect(blocks).toHaveLength(2);
  });

  it('sends what waits within a second, when nothing else fills the block', async () => {
    const { blocks, out } = writer();
    new BlockLog(out).write('one line\n');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(blocks).toEqual(['one line\n']);
  });

  it('writes the lines still waiting when the process exits', async () => {
    // The server's own destination, in a process that exits right after logging.
    const script = `
      const { logDestination } = await import('./src/http/logging.ts');
      const log = logDestination('info');
      log.write('first line\\n');
      log.write('last line\\n');
      process.exit(0);
    `;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: new URL('../..', import.meta.url),
      },
    );
    expect(stdout).toBe('first line\nlast line\n');
  });
});
