import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Navigates after the specification's pause (business-panel.md §4); leaving the screen first cancels it. */
export function useDelayedRedirect() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (to: string, delayMs: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void navigate(to), delayMs);
  };
}
