import { EventEmitter } from 'node:events';
import { withTimeout } from '../time-limit.js';
import { connectRedis } from './redis-client.js';

export type Listener = (event: string, data: unknown) => void;

export interface Subscription {
  /**
   * Settles once events published anywhere reach the listener. With Redis that is after the
   * server confirmed SUBSCRIBE; a stream that reads state before then can miss an event.
   */
  joined: Promise<void>;
  leave(): void;
}

/**
 * Fan-out of live events to the processes holding the listeners (SSE connections).
 * In memory for one process; through Redis pub/sub when several API processes run.
 */
export interface Hub {
  publish(channel: string, event: string, data: unknown): Promise<void>;
  subscribe(channel: string, listener: Listener): Subscription;
  close(): Promise<void>;
}

export function memoryHub(): Hub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, event, data) {
      emitter.emit(channel, event, data);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return { joined: Promise.resolve(), leave: () => emitter.off(channel, listener) };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

interface Envelope {
  event: string;
  data: unknown;
}

/**
 * A stream that ends while the hub closes (shutdown) unsubscribes on a disconnected client;
 * left unhandled, that rejection ('Connection is closed') would crash the process.
 */
const ignore = () => undefined;

/**
 * One subscriber connection per process; Redis channels are joined while someone listens.
 * `timeoutMs` bounds a publish and the wait for SUBSCRIBE: with Redis stalled, a caller (a help
 * request, a stream opening) goes on without live delivery instead of hanging.
 */
export async function redisHub(
  url: string,
  prefix = 'saathi:',
  { timeoutMs = 1000 }: { timeoutMs?: number } = {},
): Promise<Hub> {
  const publisher = await connectRedis(url, { maxRetriesPerRequest: 2 });
  const subscriber = await connectRedis(url);
  // Each reconnect attempt emits an error; calls fail or time out meanwhile, and /api/health
  // reports the outage. Unhandled, ioredis prints every attempt to stderr.
  for (const client of [publisher, subscriber]) client.on('error', ignore);
  const local = memoryHub();
  const counts = new Map<string, number>();
  /** Per joined channel, the pending or settled SUBSCRIBE every later listener also waits on. */
  const joins = new Map<string, Promise<void>>();
  subscriber.on('message', (redisChannel: string, raw: string) => {
    const envelope = JSON.parse(raw) as Envelope;
    void local.publish(redisChannel.slice(prefix.length), envelope.event, envelope.data);
  });
  return {
    async publish(channel, event, data) {
      const envelope = JSON.stringify({ event, data } satisfies Envelope);
      await withTimeout(publisher.publish(prefix + channel, envelope), timeoutMs, 'Redis publish');
    },
    subscribe(channel, listener) {
      const n = counts.get(channel) ?? 0;
      counts.set(channel, n + 1);
      if (n === 0) {
        // A failed or stalled SUBSCRIBE (Redis down) still settles: the stream goes on and gets
        // what the connection delivers once ioredis reconnects and re-subscribes by itself.
        const subscribing = subscriber.subscribe(prefix + channel);
        joins.set(
          channel,
          withTimeout(subscribing, timeoutMs, 'Redis subscribe').then(ignore, ignore),
        );
      }
      const inProcess = local.subscribe(channel, listener);
      return {
        joined: joins.get(channel) ?? Promise.resolve(),
        leave() {
          inProcess.leave();
          const left = (counts.get(channel) ?? 1) - 1;
          if (left > 0) counts.set(channel, left);
          else {
            counts.delete(channel);
            joins.delete(channel);
            subscriber.unsubscribe(prefix + channel).catch(ignore);
          }
        },
      };
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
      await local.close();
    },
  };
}
