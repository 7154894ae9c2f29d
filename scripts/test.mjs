#!/usr/bin/env node
// The one test command (`npm test`): static checks, the server suite on PGlite (and on
// PostgreSQL when DATABASE_URL is set), web component tests, a build, then end-to-end tests
// in Chromium against a real server. Ends with the totals line CI reads.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];
// CI shows only the tail of the output, so the names of failed tests are repeated there.
const failures = [];

function failedTests(label, report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = (file.name ?? '').replace(root, '');
    const failedInFile = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedInFile) {
      const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
      names.push(`  ${label} › ${path} › ${test.fullName}: ${reason}`);
    }
    if (failedInFile.length === 0 && file.status === 'failed') {
      names.push(`  ${label} › ${path}: ${(file.message ?? '').split('\n')[0].slice(0, 200)}`);
    }
  }
  return names;
}

const started = performance.now();
const clock = () => `${Math.round((performance.now() - started) / 1000)} s`;

/**
 * Runs one step. Steps run side by side, so each one's output is held and printed whole when
 * it ends, and its start is announced, so a person sees what runs.
 */
function run(label, command, args, env = {}) {
  console.log(`--- ${clock()}: ${label} started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${label} (ended at ${clock()}) ===\n${output.trimEnd()}`);
      resolve(code === 0);
    });
  });
}

async function check(label, command, args) {
  const ok = await run(label, command, args);
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
}

async function vitest(label, config, env = {}) {
  const out = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const ok = await run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--config',
      config,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    env,
  );
  let p = 0;
  let f = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    p = report.numPassedTests ?? 0;
    f = report.numFailedTests ?? 0;
    failures.push(...failedTests(label, report));
  }
  // A runner that crashed before reporting still counts as a failure.
  if (!ok && f === 0) f = 1;
  passed += p;
  failed += f;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${p} passed, ${f} failed`);
}

/**
 * The steps without a database server, one after another: the typecheck and lint (each one
 * thread, so side by side), the web component tests, the build, and the end-to-end tests
 * that serve it.
 */
async function checksWebAndJourneys() {
  await Promise.all([
    check('typecheck', 'npm', ['run', 'typecheck']),
    check('lint', 'npm', ['run', 'lint']),
  ]);
  await vitest('web components', 'apps/web/vitest.config.ts');
  await check('web build', 'npm', ['run', 'build']);
  await vitest('end to end (Chromium)', 'apps/web/e2e/vitest.config.ts');
}

async function serverPasses() {
  if (process.env.DATABASE_URL) {
    await vitest('server on PostgreSQL', 'apps/server/vitest.config.ts', { TEST_DB: 'postgres' });
  } else {
    summary.push('skip server on PostgreSQL: DATABASE_URL is not set');
  }
  await vitest('server on PGlite', 'apps/server/vitest.config.ts', { TEST_DB: 'pglite' });
}

// Media fixtures made from ffmpeg's generated sources are the same in every pass: the first
// test to need one makes it, every later one copies it (apps/server/test/fixtures-media.ts).
const mediaFixtures = mkdtempSync(join(tmpdir(), 'saathi-media-fixtures-'));
process.env.TEST_MEDIA_CACHE = mediaFixtures;
// Likewise the migrated PGlite database every Vitest run starts its files from
// (apps/server/test/global-setup.ts).
const pgliteCache = mkdtempSync(join(tmpdir(), 'saathi-pglite-cache-'));
process.env.TEST_PGLITE_CACHE = pgliteCache;

// Two lanes side by side. Each part alone leaves a 2-core machine idle a good part of its time
// (a killed worker's job lease running out, upload timeouts, throttled networks, the spec's
// timers), and one after another they took 705 s where their CPU work fits in about 500.
await Promise.all([serverPasses(), checksWebAndJourneys()]);
rmSync(mediaFixtures, { recursive: true, force: true });
rmSync(pgliteCache, { recursive: true, force: true });

if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
