export interface LikeState {
  liked: boolean;
  likes: number;
}

export interface LikeQueueDeps {
  /** One PUT /toggle/like: the server flips the like and answers the new state. */
  send: (postId: string) => Promise<LikeState>;
  /** Puts a state on screen: the optimistic guess at once, the server's answer at the end. */
  show: (postId: string, state: LikeState) => void;
  fail: (postId: string, error: unknown) => void;
}

interface Entry {
  /** What the user asked for last; the queue toggles until the server agrees. */
  desired: boolean;
  /** The last state the server confirmed, to roll back to on failure. */
  confirmed: LikeState;
}

/** A server that does not flip would otherwise keep the loop going. */
const maxSendsPerRun = 4;

/**
 * Serialises likes per post, as Bluesky's client does: the screen changes on every tap, but
 * only one request per post is ever in flight, and when it lands the queue sends another
 * only if the user's last wish differs from what the server now holds. Fast double taps
 * therefore never race and never double count.
 */
export function createLikeQueue(deps: LikeQueueDeps) {
  const entries = new Map<string, Entry>();

  async function run(postId: string, entry: Entry): Promise<void> {
    try {
      for (let sends = 0; sends < maxSendsPerRun; sends++) {
        entry.confirmed = await deps.send(postId);
        if (entry.confirmed.liked === entry.desired) break;
      }
      entries.delete(postId);
      deps.show(postId, entry.confirmed);
    } catch (error) {
      entries.delete(postId);
      deps.show(postId, entry.confirmed);
      deps.fail(postId, error);
    }
  }

  return {
    toggle(postId: string, shown: LikeState): void {
      const desired = !shown.liked;
      deps.show(postId, {
        liked: desired,
        likes: Math.max(0, shown.likes + (desired ? 1 : -1)),
      });
      const entry = entries.get(postId);
      if (entry) {
        entry.desired = desired;
        return;
      }
      const fresh: Entry = { desired, confirmed: shown };
      entries.set(postId, fresh);
      void run(postId, fresh);
    },
  };
}
