import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { queryClient } from '../api/queryClient';
import { routes } from '../routes';

/**
 * Every screen loads on demand in the app. Here each is loaded once, before the tests, so a test
 * renders its screen at once (as a phone does once it has the chunk); the parts of the frame that
 * load after it (the bell, the session's services, the blocked screen) are fetched
 * now too, so they appear within a test's usual wait.
 */
async function loadScreens(list: RouteObject[]): Promise<void> {
  for (const route of list) {
    if (typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }
    if (route.children) await loadScreens(route.children);
  }
}
await Promise.all([
  loadScreens(routes),
  import('../app/SignedInServices'),
  import('../features/auth/BlockedScreen'),
  import('../features/notifications/NotificationBell'),
]);

/** Renders the whole app at one path, as the browser router would. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

export function signIn(token = 'test-token'): void {
  document.cookie = `Token=${token}; Path=/`;
}

/** A fetch that never answers, for screens whose calls do not matter to the test. */
export function silentFetch(): Promise<Response> {
  return new Promise(() => undefined);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
