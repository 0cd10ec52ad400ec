import { describe, expect, it } from 'vitest';
import { telegramUrl, whatsappUrl } from './store-layout';

describe('support links', () => {
  it('opens WhatsApp on the number’s digits', () => {
    expect(whatsappUrl('+55 (11) 99999-0000')).toBe('https://wa.me/5511999990000');
  });

  it.each(['@nighttv', 'nighttv', 'https://t.me/nighttv', 't.me/nighttv'])('opens Telegram on %s as t.me/nighttv', (handle) => {
    expect(telegramUrl(handle)).toBe('https://t.me/nighttv');
  });
});
