import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // The API client already asks a read again once, each try with its deadline: a failure
      // here is final, and the screen shows it with its retry instead of spinning. 'always':
      // offline, a query fails at once rather than pausing with its spinner until the network
      // returns (TanStack's 'online' mode), which on a patchy link may be never.
      retry: false,
      networkMode: 'always',
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'always' },
  },
});
