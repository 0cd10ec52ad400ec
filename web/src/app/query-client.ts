import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { isShownInPlace, showError } from '../lib/feedback';

type Meta = { silent?: boolean };

/**
 * Every failure goes to `showError`, except a call marked `meta.silent` (its screen shows every
 * failure itself) and a mutation failure the caller showed in place: a form's `onError: form.fail`
 * says so (`shownWhereItHappened`). The caller's `onError` runs after this cache's, in the same
 * task, so the toast waits for the next one to see what the caller did.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!(query.meta as Meta | undefined)?.silent) showError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => {
      if ((mutation.meta as Meta | undefined)?.silent) return;
      setTimeout(() => {
        if (!isShownInPlace(error)) showError(error);
      }, 0);
    },
  }),
  defaultOptions: {
    queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2, staleTime: 30_000 },
  },
});
