import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { toastError, toastSuccess } from '../components/toast';

type Meta = { silent?: boolean };

/**
 * The only place that decides which toast a failed call shows. A 422 is left to its form, which
 * shows the field messages; a call whose `meta.silent` is set handles its errors itself.
 */
export function showError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) return;
  // The app has gone to the setup screen, whose banner says why: no toast per refused call.
  if (error instanceof ApiError && error.code === 'TWO_FACTOR_SETUP_REQUIRED') return;
  if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) return;
  const message = error instanceof Error && error.message ? error.message : i18n.t('common.unexpectedError');
  toastError(message);
}

export function showSuccess(message: string) {
  toastSuccess(message);
}

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
