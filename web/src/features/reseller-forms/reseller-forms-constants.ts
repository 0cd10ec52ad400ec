/**
 * Delays of business-panel.md §4 and §9 that contract/src/constants.ts does not hold yet. They
 * belong there (DESIGN.md §7: constants kept once in contract/); until then they live only here.
 */
export const ADD_RESELLER_REDIRECT_MS = 3000;
export const EDIT_RESELLER_REDIRECT_MS = 1000;
export const ASSIGN_RESELLER_REDIRECT_MS = 2000;
/** The sub-reseller list searches after 300 ms without typing, not the lists' usual 500 ms. */
export const SUB_RESELLER_SEARCH_DEBOUNCE_MS = 300;

/** Where the reseller screens lead back to (the reseller list, a colleague's feature). */
export const RESELLER_LIST_PATH = '/reseller-list';
