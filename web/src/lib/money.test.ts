import { describe, expect, it } from 'vitest';
import { currencyDigits, formatPrice, toMajor } from './money';

describe('store prices in minor units', () => {
  it("reads minor units with the currency's own fraction digits, in the language's style", () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(formatPrice(990, 'EUR', 'en')).toBe('€9.90');
    expect(formatPrice(990, 'EUR', 'de')).toBe('9,90\u00a0€');
    expect(formatPrice(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatPrice(1500, 'KWD', 'en')).toBe('KWD\u00a01.500');
    expect(formatPrice(4990, 'BRL', 'br')).toBe('R$\u00a049,90');
  });

  it('shows minor units in major ones for the product form', () => {
    expect(toMajor(990, 'EUR')).toBe(9.9);
    expect(toMajor(500, 'JPY')).toBe(500);
  });
});
