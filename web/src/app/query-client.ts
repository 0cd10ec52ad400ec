import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { showError } from '../lib/feedback';

type Meta = { silent?: boolean };

/** A call whose `meta.silent` is set handles its errors itself; every other failure goes to `showError`. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!(query.meta as Meta | undefined)?.silent) showError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => {
      if (!(mutation.meta as Meta | undefined)?.silent) showError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2, staleTime: 30_000 },
  },
});
