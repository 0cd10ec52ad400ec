import { describe, expect, it } from 'vitest';
import { currencyDigits, formatPrice, toMajor, toMinor } from './money';

describe('store prices', () => {
  it("reads minor units with the currency's own fraction digits", () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(formatPrice(990, 'EUR', 'en')).toBe('€9.90');
    expect(formatPrice(990, 'JPY', 'en')).toBe('¥990');
    expect(formatPrice(1500, 'KWD', 'en')).toMatch(/1\.500/);
    expect(formatPrice(4990, 'BRL', 'br')).toMatch(/^R\$\s49,90$/);
  });

  it('turns a typed major amount into whole minor units without float noise, and back', () => {
    expect(toMinor(9.9, 'EUR')).toBe(990);
    expect(toMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinor(500, 'JPY')).toBe(500);
    expect(toMajor(990, 'EUR')).toBe(9.9);
  });
});
