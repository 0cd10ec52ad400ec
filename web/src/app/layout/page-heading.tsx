import { useEffect, useRef } from 'react';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentPrivateRoute } from '../private-routes';

/**
 * The screen's one `h1`, its title, at the top of the main content. After every route change the
 * focus moves here, so that a keyboard's next Tab reaches the screen and not the sidebar again, and
 * the document's title names the screen in the chosen language.
 */
export function PageHeading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<string>(undefined);
  const route = useCurrentPrivateRoute();
  const heading = useRef<HTMLHeadingElement>(null);
  const title = route ? t(route.titleKey) : '';

  useDocumentTitle(title);
  useEffect(() => {
    // Not after a full load (the shell's first screen, reached by a 'POP'): the browser starts at
    // the top of the page, skip link first. Arriving from another screen, sign-in included, it does.
    const arrived = shown.current === undefined ? navigationType !== NavigationType.Pop : shown.current !== pathname;
    shown.current = pathname;
    if (arrived) heading.current?.focus();
  }, [pathname, navigationType]);

  return (
    <Title order={1} size="h3" mb="md" ref={heading} tabIndex={-1}>
      {title}
    </Title>
  );
}
