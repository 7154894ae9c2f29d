import { expect } from 'vitest';

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseClient {
  response: Response;
  /** The next event (of `event`, when given; others before it are skipped and kept in `seen`). */
  next(event?: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when no event arrives within `ms` (proves something was not sent). */
  quiet(ms: number): Promise<void>;
  /** Every event received so far, in order. */
  seen: SseEvent[];
  /** Settles when the stream is over (the server ended it, or close()). */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens a Server-Sent Events stream with fetch against a listening server and parses it as
 * EventSource would: blocks separated by a blank line, `event:` and `data:` fields, comments
 * (`: ping`) and `retry:` ignored. Non-200 answers come back with the body unread.
 */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const queue: SseEvent[] = [];
  const seen: SseEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;

  const pump = async () => {
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length === 0) continue;
          const parsed = { event, data: JSON.parse(data.join('\n')) as unknown };
          queue.push(parsed);
          seen.push(parsed);
          wake?.();
        }
      }
    } catch {
      // Aborted by close(): the stream simply ends.
    } finally {
      ended = true;
      wake?.();
    }
  };
  const pumped = pump();

  const waitForAny = (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve(false);
      }, timeoutMs);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve(true);
      };
    });

  return {
    response,
    seen,
    ended: pumped,
    async next(event, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex((e) => event === undefined || e.event === event);
        if (index >= 0) {
          const found = queue[index] as SseEvent;
          queue.splice(0, index + 1);
          return found;
        }
        queue.length = 0;
        const left = deadline - Date.now();
        if (ended || left <= 0 || !(await waitForAny(left))) {
          expect.fail(
            `no '${event ?? 'any'}' event within ${timeoutMs} ms (ended: ${ended}); seen ${JSON.stringify(seen)}`,
          );
        }
      }
    },
    async quiet(ms) {
      if (queue.length === 0) await waitForAny(ms);
      expect(queue, 'no event expected').toEqual([]);
    },
    close() {
      abort.abort();
    },
  };
}
