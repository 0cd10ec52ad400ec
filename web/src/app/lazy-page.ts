import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { retryOnce } from '../lib/retry-once';

/**
 * Lazy named export: every screen is its own chunk, so /login loads only what it shows. `alongside`
 * loads with it (the panel texts of a signed-in screen); each part is tried twice (`retryOnce`)
 * before the error page shows.
 */
export function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
  alongside?: () => Promise<unknown>,
): LazyExoticComponent<ComponentType> {
  return lazy(() => Promise.all([retryOnce(load)(), alongside?.()]).then(([m]) => ({ default: m[name] as ComponentType })));
}
