export interface ToggleQueueDeps<State> {
  /** Asks the server for `on` (or, for a toggling endpoint, to flip); answers what it now holds. */
  send: (key: string, on: boolean) => Promise<State>;
  isOn: (state: State) => boolean;
  /** What to show at once when the user asks for `on`, from what the screen shows. */
  guess: (shown: State, on: boolean) => State;
  /** Puts a state on screen: the guess at once, the server's last answer at the end. */
  show: (key: string, state: State) => void;
  /** The queue has settled, on what the user last asked for; `state` is the server's last answer. */
  done?: (key: string, state: State) => void;
  /** A call failed: the screen is back at the last confirmed state; `on` is what was tried. */
  fail: (key: string, on: boolean, error: unknown) => void;
}

interface Entry<State> {
  /** What the user asked for last; the queue sends until the server agrees. */
  desired: boolean;
  /** The last state the server confirmed, to roll back to on failure. */
  confirmed: State;
}

/**
 * Answers in a row that are not what was sent for: a toggling endpoint whose state changed
 * elsewhere needs a second flip; a server that never flips must not keep the loop going.
 */
const maxMisses = 2;

/**
 * Serialises optimistic toggles (likes, follows) per item, as Bluesky's client does: the
 * screen changes on every tap, but only one request per item is ever in flight, and when it
 * lands the queue sends another only if the user's last wish differs from what the server
 * now holds. Fast double taps therefore never race and never double count.
 */
export function createToggleQueue<State>(deps: ToggleQueueDeps<State>) {
  const entries = new Map<string, Entry<State>>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  async function run(key: string, entry: Entry<State>): Promise<void> {
    let trying = entry.desired;
    try {
      let misses = 0;
      while (deps.isOn(entry.confirmed) !== entry.desired && misses < maxMisses) {
        trying = entry.desired;
        entry.confirmed = await deps.send(key, trying);
        misses = deps.isOn(entry.confirmed) === trying ? 0 : misses + 1;
      }
      entries.delete(key);
      deps.show(key, entry.confirmed);
      deps.done?.(key, entry.confirmed);
    } catch (error) {
      entries.delete(key);
      deps.show(key, entry.confirmed);
      deps.fail(key, trying, error);
    }
    notify();
  }

  return {
    /** Asks for the opposite of what the screen shows. */
    toggle(key: string, shown: State): void {
      const desired = !deps.isOn(shown);
      deps.show(key, deps.guess(shown, desired));
      const entry = entries.get(key);
      if (entry) {
        entry.desired = desired;
        return;
      }
      const fresh: Entry<State> = { desired, confirmed: shown };
      entries.set(key, fresh);
      notify();
      void run(key, fresh);
    },
    isPending: (key: string): boolean => entries.has(key),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
