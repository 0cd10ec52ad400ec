import { translate, type Locale } from '@panel/contract';
import type { Mail } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A short transactional mail with one action link, in the language of the request. */
export function actionMail(
  locale: Locale,
  kind: 'verify' | 'invite' | 'reset',
  to: { name: string; email: string },
  link: string,
): Mail {
  const t = (key: string, params?: Record<string, string>) => translate(locale, `mail.${key}`, params);
  const action = kind === 'reset' ? t('resetAction') : t('verifyAction');
  const lines = [t('greeting', { name: to.name }), '', t(`${kind}Body`), '', link, '', t('ignore'), '', t('signature')];
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:sans-serif">` +
    `<p>${escape(t('greeting', { name: to.name }))}</p><p>${escape(t(`${kind}Body`))}</p>` +
    `<p><a href="${escape(link)}">${escape(action)}</a></p><p style="color:#666">${escape(t('ignore'))}</p>` +
    `<p>${escape(t('signature'))}</p></body></html>`;
  return { to: to.email, subject: t(`${kind}Subject`), text: lines.join('\n'), html, link };
}

/** To the raiser of a ticket the support side resolved: its title, the answer and a link to the tickets. */
export function ticketResolvedMail(locale: Locale, to: { name: string; email: string }, ticket: { title: string; comment: string; link: string }): Mail {
  const t = (key: string, params?: Record<string, string>) => translate(locale, `mail.${key}`, params);
  const body = t('ticketResolvedBody', { title: ticket.title, comment: ticket.comment });
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:sans-serif">` +
    `<p>${escape(t('greeting', { name: to.name }))}</p><p>${escape(body)}</p>` +
    `<p><a href="${escape(ticket.link)}">${escape(t('ticketResolvedAction'))}</a></p><p>${escape(t('signature'))}</p></body></html>`;
  const text = [t('greeting', { name: to.name }), '', body, '', ticket.link, '', t('signature')].join('\n');
  return { to: to.email, subject: t('ticketResolvedSubject'), text, html, link: ticket.link };
}
