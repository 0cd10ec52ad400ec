/** The admin's two switches, rows of the settings table ('true' or 'false'). */
export const TWO_FACTOR_REQUIRED_ADMINS = 'two_factor_required.admins';
export const TWO_FACTOR_REQUIRED_RESELLERS = 'two_factor_required.resellers';
/** The admin's undo window for activations, in whole hours ('0' turns undo off; no row: the default). */
export const ACTIVATION_UNDO_HOURS = 'activation_undo.hours';
