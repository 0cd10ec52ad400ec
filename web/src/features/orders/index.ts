/** What other features may use from this one (eslint.config.js keeps features to each other's index). */
export { currencyDigits, formatPrice } from './money';
export { OrderStatusBadge } from './order-status';
