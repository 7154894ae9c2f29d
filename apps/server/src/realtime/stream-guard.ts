import type { Logger } from '../log.js';
import { accountBlockedEvent } from '@saathi/contract';
import type { Hub, Subscription } from './hub.js';

export interface StreamTiming {
  /** How often an open stream checks that its session still stands. */
  recheckMs: number;
  /** How long a stream may live before the server ends it (the client then reconnects). */
  maxLifeMs: number;
}

export const defaultStreamTiming: StreamTiming = { recheckMs: 60_000, maxLifeMs: 30 * 60_000 };

/** Whether the caller may go on listening; a blocked one is told so before the end. */
export type StreamAccess = 'live' | 'blocked' | 'ended';

export interface StreamGuard {
  /** The account's channel: any event on it makes the stream check at once. */
  channel: string;
  check(): Promise<StreamAccess>;
  timing: StreamTiming;
  log: Logger;
}

/**
 * Keeps a stream within its caller's right, which was checked only at connect: it checks
 * again on each event of the guard's channel (published by whichever process made the change)
 * and every `recheckMs` (a change no event announced), and ends after its maximum life.
 */
export function guardStream(
  hub: Hub,
  guard: StreamGuard,
  stream: { send(event: string, data: unknown): void; end(): void },
): { subscription: Subscription; stop(): void } {
  let running = false;
  let again = false;
  const check = async () => {
    // An event arriving during a check may announce a change that check read too early.
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const access = await guard.check().catch((err: unknown) => {
          // A database hiccup must not drop every stream at once (all would reconnect
          // together); the next check or the stream's maximum life settles it.
          guard.log.warn({ err }, 'checking a live stream failed');
          return 'live' as const;
        });
        if (access === 'blocked') stream.send(accountBlockedEvent, {});
        if (access !== 'live') {
          stream.end();
          return;
        }
      } while (again);
    } finally {
      running = false;
    }
  };
  const subscription = hub.subscribe(guard.channel, () => void check());
  const recheck = setInterval(() => void check(), guard.timing.recheckMs);
  // Spread over the last tenth, so streams opened together (after a deploy, after an outage)
  // do not all reconnect together.
  const life = setTimeout(stream.end, guard.timing.maxLifeMs * (0.9 + Math.random() * 0.1));
  return {
    subscription,
    stop() {
      clearInterval(recheck);
      clearTimeout(life);
    },
  };
}
