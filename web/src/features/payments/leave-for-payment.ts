/**
 * Sends the browser to an order's payment page (business-panel.md §4: after a purchase the user
 * is redirected to the order URL). A full navigation, not the router's: the URL may be the card
 * provider's, on another host, as well as the panel's own /checkout page.
 */
export function leaveForPayment(orderUrl: string) {
  window.location.assign(orderUrl);
}
