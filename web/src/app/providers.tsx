import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, localStorageColorSchemeManager, useDirection } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@panel/contract';
import { isRtl } from '../i18n';
import { ModeSync } from './mode-sync';
import { queryClient } from './query-client';
import { cssVariablesResolver, themeFor, TOP_BAR_HEIGHT } from './theme';
import { toastContainer } from '../components/toast';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './shell.css';

/** Light, dark or the system's, remembered in this browser. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * The toasts' container, mounted with the first toast (see components/toast.ts). Toasts open at
 * the end side below the top bar: the balance, language and bell they follow stay in sight.
 */
function Toasts() {
  const needed = useSyncExternalStore(toastContainer.subscribe, toastContainer.needed);
  const { dir } = useDirection();
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position={dir === 'rtl' ? 'top-left' : 'top-right'}
        className="toasts"
        style={{ '--top-bar-height': `${TOP_BAR_HEIGHT}px` }}
      />
    </Suspense>
  );
}

/** Keeps Mantine's direction in step with the language: Arabic turns the whole layout right-to-left. */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(isRtl(i18n.language as Locale) ? 'rtl' : 'ltr');
  }, [i18n.language, setDirection]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const theme = useMemo(() => themeFor(t), [t]);
  return (
    <DirectionProvider initialDirection={isRtl(i18n.language as Locale) ? 'rtl' : 'ltr'} detectDirection={false}>
      <DirectionSync />
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <Toasts />
          <ModeSync>{children}</ModeSync>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
