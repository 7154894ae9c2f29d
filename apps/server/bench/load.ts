// The load generator, in its own process so it never competes with the server it measures
// inside one event loop. argv[2]: JSON LoadSpec (calls.ts) and `callersFrom`, which makes the
// callers start that far into the token list. Prints "started" when it begins; SIGINT ends the run early, so the run
// can span another process's work. Then prints one JSON line: req/s, p50, p99 and errors
// (failed requests and non-2xx answers), and the number of requests answered.
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { hotCalls, type Fixtures, type LoadSpec } from './calls.js';
import { percentiles } from './report.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec & { callersFrom?: number };
const fixtures = JSON.parse(await readFile(spec.fixturesFile, 'utf8')) as Fixtures;
const shift = spec.callersFrom ?? 0;
fixtures.tokens = [...fixtures.tokens.slice(shift), ...fixtures.tokens.slice(0, shift)];
const call = hotCalls.find((c) => c.name === spec.call);
if (!call) throw new Error(`unknown call ${spec.call}`);
let counter = 0;
// Each connection takes the next counter value when it starts its sequence of requests.
const first = call.requests(fixtures, 0, shift);
const options: autocannon.Options = {
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  requests: first.map((_, i) => ({
    setupRequest: (req: autocannon.Request, context: object) => {
      const turn = context as { n?: number };
      if (i === 0) turn.n = counter++;
      const r = call.requests(fixtures, turn.n ?? 0, shift)[i];
      if (!r) return req;
      return {
        ...req,
        method: r.method,
        path: r.path,
        body: r.body,
        headers: {
          ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
          ...(r.body ? { 'content-type': 'application/json' } : {}),
        },
      };
    },
  })),
};
// Each successful answer's latency as measured: autocannon's own percentiles are whole
// milliseconds, and at a p99 of 2-4 ms that rounding alone moved a ratio by half.
const latencies: number[] = [];
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(options, (error: Error | null, done) =>
    error ? reject(error) : resolve(done),
  );
  instance.on('response', (_client, statusCode: number, _bytes, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  process.once('SIGINT', () => instance.stop());
  process.stdout.write('started\n');
});
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    requests: result.requests.total,
    ...percentiles(latencies),
    errors: result.errors + result.non2xx + result.timeouts,
  })}\n`,
);
