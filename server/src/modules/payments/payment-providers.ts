import Stripe from 'stripe';
import type { Config } from '../../config.js';

/** What a provider needs to take the buyer's money for one order. */
export type CheckoutOrder = { orderId: string; planTitle: string; amount: string; currency: string; creditPoint: number; buyerEmail: string };

export type PaymentProvider = {
  name: 'sandbox' | 'stripe';
  /** Where the buyer pays, and the provider's reference of that payment when it has one already. */
  checkout(order: CheckoutOrder): Promise<{ url: string; transactionId: string | null }>;
};

/** Amounts are exact decimals ("19.90"); providers take whole cents. */
export function toCents(amount: string): number {
  const [units, cents = ''] = amount.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0').slice(0, 2));
}

/** The built-in checkout page: the panel's own /checkout/<orderId>, where Pay, Fail and Cancel decide. */
function sandboxProvider(config: Config): PaymentProvider {
  return {
    name: 'sandbox',
    checkout: async (order) => ({ url: `${config.publicUrl}/checkout/${order.orderId}`, transactionId: null }),
  };
}

export function stripeClient(payments: Extract<Config['payments'], { provider: 'stripe' }>): Stripe {
  const base = payments.apiBase;
  return new Stripe(payments.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/**
 * Stripe Checkout: a Checkout Session for the plan's price, carrying the order id in its metadata
 * and client_reference_id, so that the webhook finds the order again.
 */
function stripeProvider(config: Config, stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async checkout(order) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: order.orderId,
        metadata: { orderId: order.orderId },
        customer_email: order.buyerEmail,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: toCents(order.amount),
              product_data: { name: order.planTitle, description: `${order.creditPoint} credit points` },
            },
          },
        ],
        success_url: `${config.publicUrl}/billing?payment=success`,
        cancel_url: `${config.publicUrl}/billing?payment=cancelled`,
      });
      if (!session.url) throw new Error(`Stripe answered the checkout session ${session.id} without a URL`);
      return { url: session.url, transactionId: session.id };
    },
  };
}

/** Stripe when configured and given its client; the built-in checkout otherwise. */
export function paymentProvider(config: Config, stripe: Stripe | undefined): PaymentProvider {
  return stripe ? stripeProvider(config, stripe) : sandboxProvider(config);
}
