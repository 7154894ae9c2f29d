#!/usr/bin/env node
// The one test command (`npm test`): static checks, the server suite on PGlite (and on
// PostgreSQL when DATABASE_URL is set), web component tests, then end-to-end tests in
// Chromium against a real server. Ends with the totals line CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function check(label, command, args) {
  const ok = run(label, command, args);
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
}

/**
 * Checks that need no database or browser, run side by side: each is one thread (tsc, eslint,
 * prettier), and a 2-core machine has room for two. Each one's output is printed whole when
 * it ends, so theirs do not interleave.
 */
async function checksTogether(checks) {
  const results = await Promise.all(
    checks.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => resolve({ label, ok: code === 0, output }));
        }),
    ),
  );
  for (const { label, ok, output } of results) {
    console.log(`\n=== ${label} ===\n${output.trimEnd()}`);
    if (ok) passed++;
    else failed++;
    summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
  }
}

function vitest(label, config, env = {}) {
  const out = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
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

await checksTogether([
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
]);
vitest('server on PGlite', 'apps/server/vitest.config.ts', { TEST_DB: 'pglite' });
if (process.env.DATABASE_URL) {
  vitest('server on PostgreSQL', 'apps/server/vitest.config.ts', { TEST_DB: 'postgres' });
} else {
  summary.push('skip server on PostgreSQL: DATABASE_URL is not set');
}
vitest('web components', 'apps/web/vitest.config.ts');
check('web build', 'npm', ['run', 'build']);
vitest('end to end (Chromium)', 'apps/web/e2e/vitest.config.ts');

if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
