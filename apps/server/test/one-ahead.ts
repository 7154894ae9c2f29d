/**
 * Hands out what `make` makes and, as soon as one is ready, starts making the next: the next
 * caller (the worker's next test file) gets one that was made while the previous file ran.
 * Each value goes to exactly one caller. The one made last is never handed out: `make` must
 * make something the end of the process (or the run's global teardown) disposes of.
 */
export function oneAhead<T>(make: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () => {
    const handed = next ?? make();
    // After the handed one, not beside it: the first file should not wait for two.
    next = handed.then(make, make);
    // A failure belongs to the caller that takes it, not to an unhandled rejection now.
    next.catch(() => undefined);
    return handed;
  };
}
