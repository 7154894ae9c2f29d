import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../api/queryClient';
import { routes } from '../routes';

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
