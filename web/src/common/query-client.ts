import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api.js';

/**
 * One cache for the management pages (decision 0685): lists refetch after a change to them, a 4xx is an answer
 * (never retried), anything else is retried once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    },
  },
});
