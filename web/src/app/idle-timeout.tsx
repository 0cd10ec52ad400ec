import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { IDLE_TIMEOUT_MS, LOGOUT_COUNTDOWN_S } from '@panel/contract';
import { session } from '../lib/session';
import { queryClient } from './query-client';

const ACTIVITY = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/**
 * core-panel.md §4: after 5 minutes without activity (signed in, not on /login, at most once per
 * page load) a Session Timeout dialog counts down 10 seconds; Cancel keeps the session, otherwise
 * both cookies are erased and the user goes to /login.
 */
/** The dialog (and Mantine's modal machinery) loads only when it is due: sign-in screens never pay for it. */
const IdleTimeoutDialog = lazy(() => import('./idle-timeout-dialog').then((m) => ({ default: m.IdleTimeoutDialog })));

export function IdleTimeout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [seconds, setSeconds] = useState(LOGOUT_COUNTDOWN_S);
  const shown = useRef(false);
  // The sign-up token on the verification screens is no session: only signed-in users time out.
  const active = !shown.current && pathname !== '/login' && session.isSignedIn();

  useEffect(() => {
    if (!active || open) return;
    let timer = window.setTimeout(fire, IDLE_TIMEOUT_MS);
    function fire() {
      if (!session.isSignedIn()) return;
      shown.current = true;
      setSeconds(LOGOUT_COUNTDOWN_S);
      setOpen(true);
    }
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(fire, IDLE_TIMEOUT_MS);
    };
    for (const event of ACTIVITY) window.addEventListener(event, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, reset);
    };
  }, [active, open]);

  useEffect(() => {
    if (!open) return;
    const interval = window.setInterval(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearInterval(interval);
  }, [open]);

  useEffect(() => {
    if (open && seconds <= 0) {
      setOpen(false);
      session.clear();
      queryClient.clear();
      void navigate('/login', { replace: true });
    }
  }, [open, seconds, navigate]);

  const logOutNow = () => setSeconds(0);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <IdleTimeoutDialog seconds={Math.max(seconds, 0)} onCancel={() => setOpen(false)} onLogOutNow={logOutNow} />
    </Suspense>
  );
}
