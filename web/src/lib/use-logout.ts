import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logoutEndpoint } from '@panel/contract';
import { call } from '../api/client';
import { session } from './session';
import { queryClient } from '../app/query-client';

export const logout = () => call(logoutEndpoint, { allowUnauthorized: true });

/** Revokes the token on the server, then forgets it here whatever the server said. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    // Silent: signing out goes on whatever the server said (onSettled), so a failed revoke is no failure to show.
    meta: { silent: true },
    onSettled: () => {
      session.clear();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
}
