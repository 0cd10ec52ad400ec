import { useSyncExternalStore } from 'react';
import { MODE_STORAGE_KEY, MODES, type Mode } from '@panel/contract';

/**
 * Live or sandbox (core-panel.md §1 and §4 "Mode", issue 11), remembered in this browser. The API
 * client reads it on every call to choose `/api` or `/api/sandbox`; the shell listens to drop the
 * answers of the other side (app/mode-sync.tsx).
 */
const listeners = new Set<() => void>();

function stored(): Mode {
  const value = localStorage.getItem(MODE_STORAGE_KEY);
  return (MODES as readonly string[]).includes(value ?? '') ? (value as Mode) : 'live';
}

let mode: Mode = stored();

function changed(next: Mode) {
  if (next === mode) return;
  mode = next;
  for (const listener of listeners) listener();
}

export const currentMode = (): Mode => mode;

export function setMode(next: Mode) {
  localStorage.setItem(MODE_STORAGE_KEY, next);
  changed(next);
}

export function subscribeMode(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab switched: this one follows, or it would show one side's data while calling the other.
window.addEventListener('storage', (event) => {
  if (event.key === MODE_STORAGE_KEY || event.key === null) changed(stored());
});

export const useMode = () => useSyncExternalStore(subscribeMode, currentMode);
