import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // Mobile data drops often: retry network failures, never a clear answer from the server.
      retry: (count, error) => count < 2 && error instanceof ApiError && error.isNetwork,
      refetchOnWindowFocus: false,
    },
  },
});
