/** Where the reseller screens lead back to (the reseller list). */
export const RESELLER_LIST_PATH = '/reseller-list';
