import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FfmpegError } from './errors.js';
import { ffmpegPath, ffprobePath, installerBinary, runFfmpeg, runTool } from './ffmpeg.js';
import { cpuTimeReadable } from './process-cpu.js';

describe('ffmpeg binaries', () => {
  it('finds ffmpeg and ffprobe', () => {
    expect(existsSync(ffmpegPath())).toBe(true);
    expect(existsSync(ffprobePath())).toBe(true);
  });

  it('has npm-shipped fallbacks that run on a machine without ffmpeg', async () => {
    for (const tool of ['ffmpeg', 'ffprobe'] as const) {
      const path = installerBinary(tool);
      expect(path).not.toBeNull();
      const { stdout } = await runTool(path ?? '', ['-version'], {
        timeoutMs: 20_000,
        captureStdout: true,
      });
      expect(stdout.toString()).toContain(`${tool} version`);
    }
  });
});

describe('runTool', () => {
  it('runs a tool at the nice level asked, under the parent-death wrapper', async () => {
    // `nice` without arguments prints the niceness it runs at.
    const niceness = async (level?: number) =>
      Number(
        (
          await runTool('/bin/sh', ['-c', 'nice'], {
            timeoutMs: 5_000,
            captureStdout: true,
            niceness: level,
          })
        ).stdout.toString(),
      );
    const base = await niceness();
    expect(await niceness(10)).toBe(Math.min(19, base + 10));
  });

  it.runIf(existsSync('/proc/self/autogroup'))(
    'runs a yielding tool in a session of its own whose group has its nice level',
    async () => {
      // The group's level is set just after the spawn: the tool waits until it shows.
      const script =
        'for i in $(seq 100); do grep -q "nice 10" /proc/self/autogroup && break; sleep 0.05; done; cat /proc/self/autogroup';
      const { stdout } = await runTool('/bin/sh', ['-c', script], {
        timeoutMs: 10_000,
        captureStdout: true,
        niceness: 10,
      });
      const ours = readFileSync('/proc/self/autogroup', 'utf8').split(' ')[0];
      const [group, , level] = stdout.toString().trim().split(' ');
      expect(level).toBe('10');
      expect(group).not.toBe(ours);
    },
  );
});

describe('runFfmpeg', () => {
  it('rejects with the last stderr line as the reason', async () => {
    const error = await runFfmpeg(['-i', 'file:/nonexistent/input.mp4', '-f', 'null', '-'], {
      timeoutMs: 10_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    const failure = error as FfmpegError;
    expect(failure.kind).toBe('exit');
    expect(failure.exitCode).not.toBe(0);
    expect(failure.reason).toMatch(/No such file/);
  });

  it('kills a process that runs past its time limit', async () => {
    const started = Date.now();
    // An endless source: only the timeout can stop it.
    const error = await runFfmpeg(['-re', '-f', 'lavfi', '-i', 'testsrc', '-f', 'null', '-'], {
      timeoutMs: 300,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.runIf(cpuTimeReadable)('stops a busy process at its CPU time limit', async () => {
    const started = Date.now();
    // An endless 1080p encode, as fast as it can go: it uses a second of CPU in well under 1 s.
    const error = await runFfmpeg(
      [
        ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080', '-c:v', 'libx264'],
        ...['-preset', 'medium', '-f', 'null', '-'],
      ],
      { timeoutMs: 60_000, cpuLimitMs: 1_000 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).kind).toBe('cpu_limit');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it.runIf(cpuTimeReadable)('lets a process that waits run past its CPU time limit', async () => {
    const started = Date.now();
    // Two seconds of silence at its own pace: next to no CPU.
    await runFfmpeg(
      ['-re', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '2', '-f', 'null', '-'],
      {
        timeoutMs: 20_000,
        cpuLimitMs: 1_000,
      },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await runFfmpeg(['-re', '-f', 'lavfi', '-i', 'testsrc', '-f', 'null', '-'], {
      timeoutMs: 10_000,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect((error as FfmpegError).kind).toBe('aborted');
  });

  it('reports a binary that cannot start as a spawn failure', async () => {
    const error = await runTool('/nonexistent/ffmpeg', ['-version'], { timeoutMs: 1_000 }).catch(
      (e: unknown) => e,
    );
    expect((error as FfmpegError).kind).toBe('spawn');
  });

  it('passes file names as they are, without a shell', async () => {
    const { stdout } = await runTool('/bin/echo', ['$(touch /tmp/x)', "a'b"], {
      timeoutMs: 1_000,
      captureStdout: true,
    });
    expect(stdout.toString().trim()).toBe("$(touch /tmp/x) a'b");
  });
});
