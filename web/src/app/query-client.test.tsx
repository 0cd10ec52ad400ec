import type { ReactNode } from 'react';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { shownWhereItHappened } from '../lib/feedback';
import { queryClient } from './query-client';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
const refusal = () => new ApiError(409, 'CONFLICT', 409, 'The server’s own sentence');

function failing(meta?: { silent: boolean }) {
  return renderHook(() => useMutation({ mutationFn: () => Promise.reject(refusal()), meta, retry: false }), { wrapper }).result;
}

describe('the query client’s failure toasts', () => {
  afterEach(() => toasts.error.mockReset());

  it('shows a failed call in the server’s words when nothing else showed it', async () => {
    const mutation = failing();
    act(() => mutation.current.mutate());
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('The server’s own sentence'));
  });

  it('shows no toast for a failure the caller showed where it happened (a form’s fail)', async () => {
    const mutation = failing();
    const shown = vi.fn(shownWhereItHappened);
    act(() => mutation.current.mutate(undefined, { onError: shown }));
    await waitFor(() => expect(shown).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('shows no toast for a call marked silent', async () => {
    const mutation = failing({ silent: true });
    const settled = vi.fn();
    act(() => mutation.current.mutate(undefined, { onSettled: settled }));
    await waitFor(() => expect(settled).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
