/**
 * Sends the customer to pay by card: Stripe Checkout, on Stripe's host, so a full navigation and
 * not the router's. Stripe brings the customer back to the order's page.
 */
export function leaveForCheckout(checkoutUrl: string) {
  window.location.assign(checkoutUrl);
}
