import type { QueryClient } from '@tanstack/react-query';

/**
 * After an activation (one MAC, or a file): the top bar's balance, and every list and chart that
 * counts activations or shows expiries, are asked again.
 */
export const refreshAfterActivation = (queryClient: QueryClient) =>
  Promise.all(
    [['credit-points'], ['activated-apps'], ['activation-logs'], ['activation-dashboard'], ['expiring-devices']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
