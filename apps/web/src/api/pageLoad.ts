/**
 * The app's full page loads, which drop every signed-in thing held in memory (sign-out, a
 * release's new chunks, the reloading sign-in). In one object so tests can watch them: a
 * browser's own `location` cannot be replaced in every test environment.
 */
export const pageLoad = {
  reload: (): void => window.location.reload(),
  open: (path: string): void => window.location.assign(path),
};
