/** The admin's two switches, rows of the settings table ('true' or 'false'). */
export const TWO_FACTOR_REQUIRED_ADMINS = 'two_factor_required.admins';
export const TWO_FACTOR_REQUIRED_RESELLERS = 'two_factor_required.resellers';
