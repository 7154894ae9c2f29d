import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type Listener = (event: string, data: unknown) => void;

/**
 * Fan-out of live events to the processes holding the listeners (SSE connections).
 * In memory for one process; through Redis pub/sub when several API processes run.
 */
export interface Hub {
  publish(channel: string, event: string, data: unknown): Promise<void>;
  subscribe(channel: string, listener: Listener): () => void;
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
      return () => emitter.off(channel, listener);
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

/** One subscriber connection per process; Redis channels are joined while someone listens. */
export function redisHub(url: string, prefix = 'saathi:'): Hub {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  const local = memoryHub();
  const counts = new Map<string, number>();
  subscriber.on('message', (redisChannel: string, raw: string) => {
    const envelope = JSON.parse(raw) as Envelope;
    void local.publish(redisChannel.slice(prefix.length), envelope.event, envelope.data);
  });
  return {
    async publish(channel, event, data) {
      await publisher.publish(prefix + channel, JSON.stringify({ event, data } satisfies Envelope));
    },
    subscribe(channel, listener) {
      const n = counts.get(channel) ?? 0;
      counts.set(channel, n + 1);
      if (n === 0) subscriber.subscribe(prefix + channel).catch(ignore);
      const off = local.subscribe(channel, listener);
      return () => {
        off();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) counts.set(channel, left);
        else {
          counts.delete(channel);
          subscriber.unsubscribe(prefix + channel).catch(ignore);
        }
      };
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
      await local.close();
    },
  };
}
