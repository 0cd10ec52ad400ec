import { userPermissionsEndpoint } from '@panel/contract';
import { call } from '../api/client';
import { session } from './session';

export const getUserPermissions = () => call(userPermissionsEndpoint);

/**
 * Re-reads the caller's permissions into the cookie, so menus and buttons follow a change of the
 * caller's own role at once. A failure leaves the cookie as it was: the server decides anyway.
 */
export async function refreshOwnPermissions() {
  try {
    const answer = await getUserPermissions();
    session.updatePermissions(answer.data);
  } catch {
    // Not worth a toast: the next sign-in reads them again.
  }
}
