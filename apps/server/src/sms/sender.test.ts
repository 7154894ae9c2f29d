import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxSmsSender } from './sender.js';

describe('the development SMS outbox', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'saathi-sms-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps the text in a file only its owner reads, and logs neither text nor number', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const file = join(dir, 'outbox', 'sms-outbox.jsonl');
    const text = 'Saathi: reset your password at https://saathi.test/reset-password/Secr3tT0ken42';

    await outboxSmsSender(file, log).send('+919812345678', text);

    const written = (await readFile(file, 'utf8')).trim().split('\n');
    expect(written.map((l) => JSON.parse(l) as { to: string; text: string })).toEqual([
      expect.objectContaining({ to: '+919812345678', text }),
    ]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(JSON.parse(line)).toMatchObject({ to: '*********5678', outbox: file });
    for (const secret of ['Secr3tT0ken42', 'reset-password', '9812345678']) {
      expect(line).not.toContain(secret);
    }
  });
});
