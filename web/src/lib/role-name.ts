import { DEFAULT_ROLES } from '@panel/contract';
import { i18n } from '../i18n';

const SEEDED = new Set(DEFAULT_ROLES.map((r) => r.name));

/** A role's name as shown: the seeded roles (stored as the codes admin, reseller, sub-reseller) in the chosen language, others as their admin named them. */
export function roleName(name: string): string {
  return SEEDED.has(name.toLowerCase()) ? i18n.t(`roleNames.${name.toLowerCase()}`) : name;
}
