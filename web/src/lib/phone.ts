/** Below this width (768 px, where the sidebar becomes a hamburger menu) controls take their compact forms. */
export const PHONE_QUERY = '(max-width: 48em)';
