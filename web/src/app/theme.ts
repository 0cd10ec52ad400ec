import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * Mantine's palettes with their darker shades darkened where white text on them, or their own
 * text on their lightest shades, read under WCAG 2.1 AA: white on shade 7 is at least 4.6:1, on
 * shade 8 (filled buttons and badges) 5.5:1, and shade 9 (the light variants' text) on shade 1 4.6:1.
 * Shades 0 to 5 are Mantine's own; these are shades 6 to 9.
 */
const DARKER: Record<string, string[]> = {
  red: ['#fa5252', '#d83838', '#c52b2b', '#a92323'],
  indigo: ['#4c6ef5', '#4263eb', '#3b5bdb', '#344dc1'],
  blue: ['#228be6', '#1a76c9', '#186ab6', '#165a9a'],
  cyan: ['#14a0b4', '#0d8091', '#0a7284', '#096171'],
  teal: ['#10a679', '#0a8560', '#077654', '#066448'],
  green: ['#37a54b', '#298439', '#247834', '#1f652d'],
  lime: ['#68a118', '#51810f', '#46740a', '#3e6309'],
  yellow: ['#c08804', '#a26900', '#975800', '#8a4700'],
  orange: ['#e47112', '#c35106', '#b34509', '#9e350b'],
};
const colors = Object.fromEntries(
  Object.entries(DARKER).map(([name, shades]) => [name, [...DEFAULT_THEME.colors[name]!.slice(0, 6), ...shades] as unknown as MantineColorsTuple]),
);

/**
 * The theme in the chosen language: the component library's own labels (a password's show
 * button, close and clear buttons) are given translated defaults, so no screen shows English.
 */
/** The top bar's height: the layout sizes it, and toasts open below it so that it stays readable. */
export const TOP_BAR_HEIGHT = 60;

export const themeFor = (t: TFunction) =>
  createTheme({
    colors,
    primaryColor: 'indigo',
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'md',
    fontFamily: 'system-ui, "Segoe UI", Tahoma, sans-serif',
    // `sm` is where the sidebar turns into a hamburger menu: 768 px and narrower (core-panel.md §2).
    breakpoints: { xs: '36em', sm: '48.0625em', md: '62em', lg: '75em', xl: '88em' },
    components: {
      // Keyboard users land on the first item when a menu opens, not on its container.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false, menuItemTabIndex: 0 } },
      // A spinner with a label is a status message; without the role its label would be ignored.
      Loader: { defaultProps: { role: 'status' } },
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('auth.showPassword') } } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
      Select: { defaultProps: { clearButtonProps: { 'aria-label': t('common.clear') } } },
      MultiSelect: { defaultProps: { clearButtonProps: { 'aria-label': t('common.clear') } } },
    },
  });

/**
 * Dimmed text at 8:1 on white (Mantine's gray 6 reads at 3.3:1), and placeholders (which axe
 * rightly counts as text where a picker shows them) at 4.7:1; both readable on the dark body too.
 * A field's error message (and the text of the field it marks) at 4.6:1 on white, and in the dark
 * scheme at 5.6:1 on the body and 4.9:1 inside a field (red 6 read 4.1:1 there, on the public
 * store's order form): Mantine's red 6 reads at 3.3:1 in the light scheme, its red 8 at 2.8:1 in the dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7], '--mantine-color-placeholder': '#6c757d', '--mantine-color-error': t.colors.red[7] },
  dark: { '--mantine-color-dimmed': t.colors.dark[1], '--mantine-color-placeholder': '#9a9a9a', '--mantine-color-error': t.colors.red[5] },
});
