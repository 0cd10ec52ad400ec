import Cookies from 'js-cookie';
import { COOKIE_PERMISSIONS, COOKIE_TOKEN, REMEMBER_ME_DAYS, SESSION_DAYS, type Permission } from '@panel/contract';

/**
 * The session of core-panel.md §4: the `token` and `permissions` cookies (comma-separated
 * names), kept 1 day, or 10 days with remember-me. The server is the protection; these only
 * decide what to show and where to go.
 */
export const session = {
  token: () => Cookies.get(COOKIE_TOKEN),
  permissions: (): string[] => Cookies.get(COOKIE_PERMISSIONS)?.split(',').filter(Boolean) ?? [],
  isSignedIn: () => Boolean(Cookies.get(COOKIE_TOKEN) && Cookies.get(COOKIE_PERMISSIONS) !== undefined),
  save(token: string, permissions: string[], remember: boolean) {
    const options = { expires: remember ? REMEMBER_ME_DAYS : SESSION_DAYS, sameSite: 'strict' as const, path: '/' };
    Cookies.set(COOKIE_TOKEN, token, options);
    Cookies.set(COOKIE_PERMISSIONS, permissions.join(','), options);
    localStorage.setItem('remember', remember ? '1' : '0');
  },
  /** The sign-up answer's token: enough for the update-email screen, not a signed-in session. */
  saveSignupToken(token: string) {
    Cookies.set(COOKIE_TOKEN, token, { expires: SESSION_DAYS, sameSite: 'strict', path: '/' });
    Cookies.remove(COOKIE_PERMISSIONS, { path: '/' });
  },
  updatePermissions(permissions: string[]) {
    const remember = localStorage.getItem('remember') === '1';
    Cookies.set(COOKIE_PERMISSIONS, permissions.join(','), {
      expires: remember ? REMEMBER_ME_DAYS : SESSION_DAYS,
      sameSite: 'strict',
      path: '/',
    });
  },
  clear() {
    Cookies.remove(COOKIE_TOKEN, { path: '/' });
    Cookies.remove(COOKIE_PERMISSIONS, { path: '/' });
  },
  has(permission: string) {
    return session.permissions().includes(permission);
  },
};

/** Whether `permissions` hold the one needed, or one of those needed (nothing needed: yes). */
export function allowed(permissions: readonly string[], needed: Permission | readonly Permission[] | undefined): boolean {
  if (!needed) return true;
  const list = typeof needed === 'string' ? [needed] : needed;
  return list.some((p) => permissions.includes(p));
}
