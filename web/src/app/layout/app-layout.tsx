import { useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { Footer } from './footer';
import { PageHeading } from './page-heading';
import { refreshOwnPermissions } from '../../lib/user-permissions';
import { SandboxBanner } from '../../features/sandbox/sandbox-banner';
import { TOP_BAR_HEIGHT } from '../theme';

/** The sidebar becomes a hamburger menu at 768 px and narrower (core-panel.md §2, §9). */
const BREAKPOINT = 'sm';

export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The cookie holds the permissions of sign-in time; an admin may have changed the role since.
  useEffect(() => {
    void refreshOwnPermissions();
  }, []);
  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT }}
      navbar={{ width: 260, breakpoint: BREAKPOINT, collapsed: { mobile: !opened } }}
      footer={{ height: 44 }}
      padding="md"
      className="app-shell"
    >
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar navOpened={opened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('nav.main')}>
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className="app-main">
        <SandboxBanner />
        <PageHeading />
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer className="app-footer">
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
