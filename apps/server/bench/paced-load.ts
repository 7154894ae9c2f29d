// The transcode figures' probe (transcode.ts): one call at a fixed rate, each request sent at
// its own time, 1/rate apart, whatever the answers before it did (an open loop), over a few
// kept-alive connections. autocannon's rate is a budget per second instead: each connection
// sends back to back until it has made its share of the second, so 50 req/s arrived as a
// burst of 50 at the start of each second, and its latency measured the queue of that burst.
// argv[2]: JSON LoadSpec (calls.ts) and `rate`. Prints "started",
// then, when the time is up or on SIGINT, one JSON line: { errors, samples } (each answer's
// latency in ms, from sending to the answer's last byte).
import { Agent, request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { hotCalls, type CallRequest, type Fixtures, type HotCall, type LoadSpec } from './calls.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec & { rate: number };
const fixtures = JSON.parse(await readFile(spec.fixturesFile, 'utf8')) as Fixtures;
const found = hotCalls.find((c) => c.name === spec.call);
if (!found || found.write) throw new Error(`not a read call: ${spec.call}`);
const call: HotCall = found;
const base = new URL(spec.url);
const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
const samples: number[] = [];
let errors = 0;
let inFlight = 0;

function fire(r: CallRequest): void {
  inFlight++;
  const sent = performance.now();
  const settle = (ok: boolean) => {
    inFlight--;
    if (ok) samples.push(Math.round((performance.now() - sent) * 100) / 100);
    else errors++;
  };
  const req = request(
    {
      host: base.hostname,
      port: base.port,
      path: r.path,
      method: r.method,
      agent,
      headers: r.token ? { authorization: `Bearer ${r.token}` } : {},
    },
    (res) => {
      res.resume();
      res.once('end', () => settle((res.statusCode ?? 500) < 300));
      res.once('error', () => settle(false));
    },
  );
  req.once('error', () => settle(false));
  req.end();
}

const interval = 1000 / spec.rate;
const start = performance.now();
const end = start + spec.seconds * 1000;
let n = 0;
let stopped = false;
let timer: NodeJS.Timeout | undefined;

async function finish(): Promise<void> {
  stopped = true;
  clearTimeout(timer);
  // The answers still on their way belong to the span measured.
  const deadline = performance.now() + 5000;
  while (inFlight > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  errors += inFlight;
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ errors, samples })}\n`);
}

/** Sends every request now due, then sleeps until the next one's time. */
function tick(): void {
  if (stopped) return;
  const now = performance.now();
  while (start + n * interval <= now) {
    if (start + n * interval >= end) {
      void finish();
      return;
    }
    const [r] = call.requests(fixtures, n++, 0);
    if (r) fire(r);
  }
  timer = setTimeout(tick, Math.max(0, start + n * interval - performance.now()));
}

process.once('SIGINT', () => void finish());
process.stdout.write('started\n');
tick();
