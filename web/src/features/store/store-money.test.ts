import { describe, expect, it } from 'vitest';
import { formatPrice } from './store-money';

describe('formatPrice', () => {
  it('reads minor units with the digits of the currency, in the language’s style', () => {
    expect(formatPrice(990, 'EUR', 'en')).toBe('€9.90');
    expect(formatPrice(990, 'EUR', 'de')).toBe('9,90\u00a0€');
    expect(formatPrice(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatPrice(1500, 'KWD', 'en')).toBe('KWD\u00a01.500');
    expect(formatPrice(4990, 'BRL', 'br')).toBe('R$\u00a049,90');
  });
});
