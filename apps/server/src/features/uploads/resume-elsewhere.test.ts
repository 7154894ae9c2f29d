import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { mp4Bytes } from '../../../test/feed-helpers.js';
import { newUser, startTestApp, type TestApp } from '../../../test/harness.js';
import { startPeerApp, type PeerApp } from '../../../test/peer-app.js';
import { rawConnection } from '../../../test/raw-http.js';
import { newUpload, tusHead, tusPatch, uploadIdOf } from '../../../test/tus-client.js';
import { until } from '../../../test/until.js';

/** Far past the test's waits: the stalled PATCH must end because it was asked to, not by this. */
const IDLE_MS = 120_000;
/** tus's lockDrainTimeout (3 s) and a starved machine's delays, well short of IDLE_MS. */
const LET_GO_MS = 30_000;

/**
 * A phone on a stalling link: its PATCH went to one API process and stopped sending, and the
 * phone, having given up on it, resumes through another process behind the load balancer
 * while the first still holds the old request open. The lock of shared-locker.ts, through
 * Redis, makes the first process end its request; with a lock per process both would write
 * the upload at once.
 */
describe.runIf(process.env.REDIS_URL)('an upload resumed on another API process', () => {
  let t: TestApp;
  let peer: PeerApp;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp({ env: { UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    peer = await startPeerApp(t);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  it('ends the stalled PATCH on the first process, then resumes at its offset', async () => {
    const { token } = await newUser(t);
    const bytes = mp4Bytes(256 * 1024);
    const half = 100 * 1024;
    const url = await newUpload(t, token, bytes.length, 'video');
    const file = join(t.dataDir, 'uploads-tus', uploadIdOf(url));

    const stalled = await rawConnection(port);
    onTestFinished(() => stalled.destroy());
    stalled.send(
      `PATCH ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        'Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\n' +
        `Content-Type: application/offset+octet-stream\r\nContent-Length: ${bytes.length}\r\n\r\n`,
    );
    stalled.send(bytes.subarray(0, half));
    await until('the first part stored', async () =>
      (await stat(file)).size === half ? true : undefined,
    );

    // The phone asks another process where to resume: that waits for the lock, and the first
    // process lets its request go instead of holding it until the link's idle deadline.
    const asked = Date.now();
    const head = await tusHead({ ...t, app: peer.app }, token, url);
    expect(head.statusCode, head.body).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(Date.now() - asked).toBeLessThan(LET_GO_MS);
    const letGo = await Promise.race([
      stalled.response,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), LET_GO_MS)),
    ]);
    expect(letGo, 'the first process still holds the stalled PATCH').not.toBeNull();
    // It answers what it stored, as tus does for a request it was asked to end.
    expect(letGo?.status).toBe(204);
    expect(letGo?.headers['upload-offset']).toBe(String(half));

    const rest = await tusPatch({ ...t, app: peer.app }, token, url, half, bytes.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });
});
