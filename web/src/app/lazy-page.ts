import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Lazy named export: every screen is its own chunk, so /login loads only what it shows. */
export function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}
