import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { modesQuery } from '../features/sandbox/get-modes';
import { setMode, subscribeMode, useMode } from '../lib/mode';
import { FullPageLoader } from './guards';

const firstKey = (query: Query) => query.queryKey[0];

/**
 * Every cached answer belongs to the side it was fetched from: after a change of mode all of them
 * are dropped at once and fetched again from the new side, the balance in the top bar and every
 * list. Calls still on their way are cancelled first (synchronously), so that none of their
 * answers lands in the cache after the change. Two answers are kept: whether the sandbox exists
 * (asked of the live side), and the profile, the account's name and passcode, the same on both
 * sides, refetched in place because the signed-in shell waits for it (RequirePasscode) and would
 * otherwise be unmounted for a moment.
 */
export function refetchFromNewSide(queryClient: QueryClient) {
  void queryClient.cancelQueries({ predicate: (query) => firstKey(query) !== 'modes' });
  return Promise.all([
    queryClient.resetQueries({ predicate: (query) => firstKey(query) !== 'modes' && firstKey(query) !== 'profile' }),
    queryClient.invalidateQueries({ queryKey: ['profile'] }),
  ]);
}

/**
 * Keeps the mode and the cached data in step: a change of mode (the top bar's switch, another
 * tab) refetches everything from the new side, and a sandbox mode kept from an earlier visit is
 * dropped when the server no longer offers the sandbox. Until the server has confirmed such a
 * kept sandbox mode, nothing is shown, so that no screen calls routes that may not be there.
 */
export function ModeSync({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const mode = useMode();
  const [confirmed, setConfirmed] = useState(mode !== 'sandbox');

  useEffect(() => subscribeMode(() => void refetchFromNewSide(queryClient)), [queryClient]);

  // Live visitors need the answer only for the signed-in top bar, which asks for it itself. Asked
  // through the cache (the top bar's useModes finds it there) but without a query observer, which
  // the sign-in screens would otherwise load for this alone.
  useEffect(() => {
    if (mode !== 'sandbox') return;
    let current = true;
    queryClient.fetchQuery(modesQuery()).then(
      (answer) => {
        if (!current) return;
        if (!answer.data.sandbox_enabled) setMode('live');
        setConfirmed(true);
      },
      () => {
        if (current) setConfirmed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [mode, queryClient]);

  if (!confirmed && mode === 'sandbox') return <FullPageLoader />;
  return <>{children}</>;
}
