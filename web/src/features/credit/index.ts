/** What other features may use from this one (eslint.config.js keeps features to each other's index). */
export { CreditShareReportForm } from './credit-share-report-form';
export { useTotalCreditPoints } from './get-total-credit-points';
