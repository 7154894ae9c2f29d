export interface FollowQueueDeps {
  /** POST follow (true) or DELETE unfollow (false); answers the server's message. */
  send: (userId: string, follow: boolean) => Promise<string>;
  /** Puts the state on screen: the optimistic guess at once, the settled state at the end. */
  show: (userId: string, following: boolean) => void;
  /** The server now holds what the user last asked for; `message` is its answer to the last call. */
  done: (userId: string, following: boolean, message: string) => void;
  /** A call failed: the screen is back at the last confirmed state; `follow` is what was tried. */
  fail: (userId: string, follow: boolean, error: unknown) => void;
}

interface Entry {
  desired: boolean;
  confirmed: boolean;
}

/**
 * Serialises follows per user, as Bluesky's client does: the button flips at once, only one
 * request per user is ever in flight, and when it lands another is sent only if the user's
 * last wish differs from what the server now holds. Follow and unfollow are idempotent on
 * the server, so the queue sends the wanted state rather than a toggle.
 */
export function createFollowQueue(deps: FollowQueueDeps) {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  async function run(userId: string, entry: Entry): Promise<void> {
    let message = '';
    let trying = entry.desired;
    try {
      while (entry.confirmed !== entry.desired) {
        trying = entry.desired;
        message = await deps.send(userId, trying);
        entry.confirmed = trying;
      }
      entries.delete(userId);
      deps.show(userId, entry.confirmed);
      deps.done(userId, entry.confirmed, message);
    } catch (error) {
      entries.delete(userId);
      deps.show(userId, entry.confirmed);
      deps.fail(userId, trying, error);
    }
    notify();
  }

  return {
    /** Asks for the opposite of what the screen shows. */
    toggle(userId: string, shownFollowing: boolean): void {
      const desired = !shownFollowing;
      deps.show(userId, desired);
      const entry = entries.get(userId);
      if (entry) {
        entry.desired = desired;
        return;
      }
      const fresh: Entry = { desired, confirmed: shownFollowing };
      entries.set(userId, fresh);
      notify();
      void run(userId, fresh);
    },
    isPending: (userId: string): boolean => entries.has(userId),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FollowQueue = ReturnType<typeof createFollowQueue>;
