/** What other features may use from this one (eslint.config.js keeps features to each other's index). */
export { OrderStatusBadge } from './order-status';
