import { LOCALES, type Locale } from '@panel/contract';

/**
 * A customer's key to its order (`order_token`, answered once) is kept in this browser's local
 * storage under the order's id, never in the URL (where it would reach history, logs and shared
 * links). The order's language rides along, so its page speaks it when it is opened without `?lang=`.
 */
const keyOf = (orderId: number) => `store-order:${orderId}`;

type Kept = { token: string; language?: Locale };

export function keepOrderToken(orderId: number, token: string, language: Locale) {
  try {
    localStorage.setItem(keyOf(orderId), JSON.stringify({ token, language } satisfies Kept));
  } catch {
    // Storage full or refused (a private window's quota): the order page then says it cannot follow the order here.
  }
}

export function orderTokenOf(orderId: number): Kept | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(orderId)) ?? 'null') as Partial<Kept> | null;
    if (!kept || typeof kept.token !== 'string' || kept.token === '') return undefined;
    return { token: kept.token, language: LOCALES.includes(kept.language as Locale) ? kept.language : undefined };
  } catch {
    return undefined;
  }
}
