import { LANGUAGE_TAGS, LOCALES, translate, type Locale } from '@panel/contract';
import type { Mail } from './mailer.js';

/** The language of mails sent to an account outside any request: the one it last used the panel in, else English. */
export function accountLocale(stored: string | null): Locale {
  return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : 'en';
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail's sentences in its language (the contract's `mail.*` messages). */
const mailText = (locale: Locale) => (key: string, params?: Record<string, string | number>) => translate(locale, `mail.${key}`, params);

/** Every mail's HTML around its own paragraphs: the document in the mail's language and direction, the greeting, the signature. */
function htmlMail(locale: Locale, name: string, body: string, signature = mailText(locale)('signature')): string {
  const t = mailText(locale);
  return (
    `<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:sans-serif">` +
    `<p>${escape(t('greeting', { name }))}</p>${body}<p>${escape(signature)}</p></body></html>`
  );
}

/** A short transactional mail with one action link, in the language of the request. */
export function actionMail(
  locale: Locale,
  kind: 'verify' | 'invite' | 'reset',
  to: { name: string; email: string },
  link: string,
): Mail {
  const t = mailText(locale);
  const action = kind === 'reset' ? t('resetAction') : t('verifyAction');
  const lines = [t('greeting', { name: to.name }), '', t(`${kind}Body`), '', link, '', t('ignore'), '', t('signature')];
  const html = htmlMail(
    locale,
    to.name,
    `<p>${escape(t(`${kind}Body`))}</p><p><a href="${escape(link)}">${escape(action)}</a></p><p style="color:#666">${escape(t('ignore'))}</p>`,
  );
  return { to: to.email, subject: t(`${kind}Subject`), text: lines.join('\n'), html, link };
}

/** To the raiser of a ticket the support side resolved: its title, the answer and a link to the tickets. */
export function ticketResolvedMail(locale: Locale, to: { name: string; email: string }, ticket: { title: string; comment: string; link: string }): Mail {
  const t = mailText(locale);
  const body = t('ticketResolvedBody', { title: ticket.title, comment: ticket.comment });
  const html = htmlMail(locale, to.name, `<p>${escape(body)}</p><p><a href="${escape(ticket.link)}">${escape(t('ticketResolvedAction'))}</a></p>`);
  const text = [t('greeting', { name: to.name }), '', body, '', ticket.link, '', t('signature')].join('\n');
  return { to: to.email, subject: t('ticketResolvedSubject'), text, html, link: ticket.link };
}

export type ExpiringDevice = { macAddress: string; application: string; expireDate: Date };

/**
 * The daily expiry reminder (modules/reminders): the devices expiring within `days`, soonest
 * first, at most the rows given (`total` says how many there are in all), and the link to Renewals due.
 * Dates are in the server's time zone, as REMINDER_HOUR is, and in Latin digits in every language.
 */
export function expiryReminderMail(
  locale: Locale,
  to: { name: string; email: string },
  reminder: { devices: ExpiringDevice[]; total: number; days: number; link: string },
): Mail {
  const t = mailText(locale);
  const when = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' });
  const rows = reminder.devices.map((d) => ({ mac: d.macAddress, app: d.application, date: when.format(d.expireDate) }));
  const more = reminder.total - rows.length;
  const intro = t('expiryIntro', { days: reminder.days });
  const text = [
    t('greeting', { name: to.name }),
    '',
    intro,
    '',
    ...rows.map((r) => `- ${r.mac}  ${r.app}  ${r.date}`),
    ...(more > 0 ? [t('expiryMore', { count: more })] : []),
    '',
    `${t('expiryAction')}: ${reminder.link}`,
    '',
    t('expiryOff'),
    '',
    t('signature'),
  ].join('\n');
  const cell = 'style="padding:4px 12px 4px 0;text-align:start"';
  const html = htmlMail(
    locale,
    to.name,
    `<p>${escape(intro)}</p>` +
    `<table style="border-collapse:collapse"><thead><tr>` +
    [t('expiryColumnMac'), t('expiryColumnApp'), t('expiryColumnExpires')].map((h) => `<th ${cell}>${escape(h)}</th>`).join('') +
    `</tr></thead><tbody>` +
    rows.map((r) => `<tr><td ${cell}><code dir="ltr">${escape(r.mac)}</code></td><td ${cell}>${escape(r.app)}</td><td ${cell}>${escape(r.date)}</td></tr>`).join('') +
    `</tbody></table>` +
    (more > 0 ? `<p>${escape(t('expiryMore', { count: more }))}</p>` : '') +
    `<p><a href="${escape(reminder.link)}">${escape(t('expiryAction'))}</a></p>` +
    `<p style="color:#666">${escape(t('expiryOff'))}</p>`,
  );
  return { to: to.email, subject: t('expirySubject', { count: reminder.total, days: reminder.days }), text, html, link: reminder.link };
}

/**
 * A sign-in from a browser and address the account has not used lately (modules/sessions): when,
 * from where, with what, and the link to the sessions screen where it can be ended. The time
 * names its zone: the reader may live in another one than the server.
 */
export function newDeviceMail(
  locale: Locale,
  to: { name: string; email: string },
  signIn: { at: Date; ip: string; browser: string | null; os: string | null; days: number; link: string },
): Mail {
  const t = mailText(locale);
  const when = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'long', numberingSystem: 'latn' }).format(signIn.at);
  const unknown = t('newDeviceUnknown');
  const browser = signIn.browser && signIn.os ? t('newDeviceBrowserOn', { browser: signIn.browser, os: signIn.os }) : (signIn.browser ?? signIn.os ?? unknown);
  const facts = [
    [t('newDeviceTime'), when],
    [t('newDeviceAddress'), signIn.ip],
    [t('newDeviceBrowser'), browser],
  ] as const;
  const text = [
    t('greeting', { name: to.name }),
    '',
    t('newDeviceIntro', { days: signIn.days }),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    t('newDeviceNotYou'),
    `${t('newDeviceAction')}: ${signIn.link}`,
    '',
    t('signature'),
  ].join('\n');
  const html = htmlMail(
    locale,
    to.name,
    `<p>${escape(t('newDeviceIntro', { days: signIn.days }))}</p><ul>` +
      facts.map(([label, value]) => `<li>${escape(label)}: <bdi>${escape(value)}</bdi></li>`).join('') +
      `</ul><p>${escape(t('newDeviceNotYou'))}</p><p><a href="${escape(signIn.link)}">${escape(t('newDeviceAction'))}</a></p>`,
  );
  return { to: to.email, subject: t('newDeviceSubject'), text, html, link: signIn.link };
}

/**
 * To an account whose second factor its parent reseller or an admin reset: by whom and when, and
 * what to do now (sign in with the password, set a factor up again; if it did not ask for this,
 * change the password and tell the person who reset it).
 */
export function twoFactorResetMail(locale: Locale, to: { name: string; email: string }, reset: { by: string; at: Date; link: string }): Mail {
  const t = mailText(locale);
  const when = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'long', numberingSystem: 'latn' }).format(reset.at);
  const intro = t('twoFactorResetIntro', { by: reset.by, time: when });
  const text = [
    t('greeting', { name: to.name }),
    '',
    intro,
    '',
    t('twoFactorResetNext'),
    `${t('twoFactorResetAction')}: ${reset.link}`,
    '',
    t('twoFactorResetNotYou'),
    '',
    t('signature'),
  ].join('\n');
  const html = htmlMail(
    locale,
    to.name,
    `<p>${escape(intro)}</p><p>${escape(t('twoFactorResetNext'))}</p>` +
      `<p><a href="${escape(reset.link)}">${escape(t('twoFactorResetAction'))}</a></p><p>${escape(t('twoFactorResetNotYou'))}</p>`,
  );
  return { to: to.email, subject: t('twoFactorResetSubject'), text, html, link: reset.link };
}

/**
 * To an admin the panel's owner suspended or reinstated (modules/users-roles): by whom and when, and
 * what it means (suspended: every session ended, no sign-in, the account and its data kept;
 * reinstated: it signs in again). No link: the admin sign-in page's address is not put in mails.
 */
export function adminSuspensionMail(
  locale: Locale,
  to: { name: string; email: string },
  change: { kind: 'suspended' | 'reinstated'; by: string; at: Date },
): Mail {
  const t = mailText(locale);
  const when = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'long', numberingSystem: 'latn' }).format(change.at);
  const key = change.kind === 'suspended' ? 'adminSuspended' : 'adminReinstated';
  const intro = t(`${key}Intro`, { by: change.by, time: when });
  const next = t(`${key}Next`);
  const text = [t('greeting', { name: to.name }), '', intro, '', next, '', t('signature')].join('\n');
  const html = htmlMail(locale, to.name, `<p>${escape(intro)}</p><p>${escape(next)}</p>`);
  return { to: to.email, subject: t(`${key}Subject`), text, html };
}

/**
 * To the owner of a webhook endpoint the panel turned off after WEBHOOK_FAILING_DISABLE_DAYS of
 * failed deliveries (modules/webhooks): which one (its description and host, never the full URL,
 * whose path may hold the receiver's own token), and where to turn it back on.
 */
export function webhookDisabledMail(locale: Locale, to: { name: string; email: string }, endpoint: { label: string; days: number; link: string }): Mail {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `mail.${key}`, params);
  const intro = t('webhookDisabledIntro', { endpoint: endpoint.label, days: endpoint.days });
  const text = [
    t('greeting', { name: to.name }),
    '',
    intro,
    '',
    t('webhookDisabledNext'),
    `${t('webhookDisabledAction')}: ${endpoint.link}`,
    '',
    t('signature'),
  ].join('\n');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:sans-serif">` +
    `<p>${escape(t('greeting', { name: to.name }))}</p><p>${escape(intro)}</p><p>${escape(t('webhookDisabledNext'))}</p>` +
    `<p><a href="${escape(endpoint.link)}">${escape(t('webhookDisabledAction'))}</a></p><p>${escape(t('signature'))}</p></body></html>`;
  return { to: to.email, subject: t('webhookDisabledSubject'), text, html, link: endpoint.link };
}

/** At most this many of a failed backup's problems in its mail; the rest are counted. */
export const BACKUP_MAIL_PROBLEMS_MAX = 20;

/**
 * To the admins, when a backup failed (modules/backups): which file (its name, never its folder)
 * and when, what went wrong in the drill's own words, and the link to System → Backups. Without a
 * file, the backup itself did not complete. Times name their zone: the reader may live elsewhere.
 */
export function backupFailedMail(
  locale: Locale,
  to: { name: string; email: string },
  failure: { file: string | null; at: Date; problems: readonly string[]; link: string },
): Mail {
  const t = mailText(locale);
  const time = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'long', numberingSystem: 'latn' }).format(failure.at);
  const intro = failure.file ? t('backupFailedIntro', { file: failure.file, time }) : t('backupFailedIntroNoFile', { time });
  const shown = failure.problems.slice(0, BACKUP_MAIL_PROBLEMS_MAX);
  const more = failure.problems.length - shown.length;
  const text = [
    t('greeting', { name: to.name }),
    '',
    intro,
    ...(shown.length > 0 ? ['', t('backupFailedProblems'), ...shown.map((p) => `- ${p}`)] : []),
    ...(more > 0 ? [t('backupFailedMore', { count: more })] : []),
    '',
    t('backupFailedNext'),
    `${t('backupFailedAction')}: ${failure.link}`,
    '',
    t('signature'),
  ].join('\n');
  const html = htmlMail(
    locale,
    to.name,
    `<p>${escape(intro)}</p>` +
      (shown.length > 0 ? `<p>${escape(t('backupFailedProblems'))}</p><ul>${shown.map((p) => `<li><bdi>${escape(p)}</bdi></li>`).join('')}</ul>` : '') +
      (more > 0 ? `<p>${escape(t('backupFailedMore', { count: more }))}</p>` : '') +
      `<p>${escape(t('backupFailedNext'))}</p><p><a href="${escape(failure.link)}">${escape(t('backupFailedAction'))}</a></p>`,
  );
  return { to: to.email, subject: t('backupFailedSubject'), text, html, link: failure.link };
}

/**
 * The low-balance mail (modules/credit/low-credit-mail): a move took the account's balance under
 * the threshold it set on Profile. Sent once per fall (the same mark as the `credit.low` webhook
 * event), with the balance, the threshold and where more credit comes from: the plans to buy from
 * for an account that may buy, else a mail to the parent account that gives it its credit.
 * Numbers in Latin digits in every language, as the panel shows balances.
 */
export function lowCreditMail(
  locale: Locale,
  to: { name: string; email: string },
  low: { balance: number; threshold: number; link: string; from: { name: string; email: string } | null },
): Mail {
  const t = mailText(locale);
  const number = new Intl.NumberFormat(LANGUAGE_TAGS[locale], { numberingSystem: 'latn' });
  const intro = t('lowCreditIntro', { balance: number.format(low.balance), threshold: number.format(low.threshold) });
  const next = low.from ? t('lowCreditAsk', { name: low.from.name, email: low.from.email }) : t('lowCreditBuy');
  const action = low.from ? t('lowCreditAskAction') : t('lowCreditBuyAction');
  const text = [t('greeting', { name: to.name }), '', intro, '', next, `${action}: ${low.link}`, '', t('lowCreditOff'), '', t('signature')].join('\n');
  const html = htmlMail(
    locale,
    to.name,
    `<p>${escape(intro)}</p><p>${escape(next)}</p><p><a href="${escape(low.link)}">${escape(action)}</a></p><p style="color:#666">${escape(t('lowCreditOff'))}</p>`,
  );
  return { to: to.email, subject: t('lowCreditSubject', { balance: number.format(low.balance) }), text, html, link: low.link };
}

/** Dates of the store's mails: the day, in Latin digits in every language, as the panel shows records. */
const dayOf = (locale: Locale, date: Date) => new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'long', numberingSystem: 'latn', timeZone: 'UTC' }).format(date);

/**
 * The receipt of a store order (issue 43), to its customer in the order's language: what was
 * activated, on which MAC, until when, and how to reach the store. Signed by the store, not the panel:
 * the customer bought from the reseller.
 */
export function storeReceiptMail(
  locale: Locale,
  to: { name: string; email: string },
  receipt: { store: string; contact: string | null; product: string; mac: string; apps: string[]; expiresAt: Date | null; link: string; telegram?: string | null },
): Mail {
  const t = mailText(locale);
  const facts = [
    t('storeReceiptProduct', { product: receipt.product }),
    t('storeReceiptMac', { mac: receipt.mac }),
    t('storeReceiptApps', { apps: receipt.apps.join(', ') }),
    receipt.expiresAt ? t('storeReceiptExpires', { date: dayOf(locale, receipt.expiresAt) }) : t('storeReceiptLifetime'),
  ];
  const intro = t('storeReceiptIntro', { store: receipt.store });
  const support = receipt.contact ? t('storeReceiptSupport', { store: receipt.store, contact: receipt.contact }) : null;
  // The store's Telegram bot (issue 44): the customer's start link, for receipts and reminders there.
  const telegram = receipt.telegram ? `${t('storeReceiptTelegram', { store: receipt.store })}: ${receipt.telegram}` : null;
  const text = [
    t('greeting', { name: to.name }),
    '',
    intro,
    '',
    ...facts,
    '',
    `${t('storeReceiptAction')}: ${receipt.link}`,
    ...(telegram ? ['', telegram] : []),
    ...(support ? ['', support] : []),
    '',
    receipt.store,
  ].join('\n');
  const html = htmlMail(
    locale,
    to.name,
    `<p>${escape(intro)}</p><ul>${facts.map((f) => `<li>${escape(f)}</li>`).join('')}</ul>` +
      `<p><a href="${escape(receipt.link)}">${escape(t('storeReceiptAction'))}</a></p>` +
      (receipt.telegram ? `<p><a href="${escape(receipt.telegram)}">${escape(t('storeReceiptTelegram', { store: receipt.store }))}</a></p>` : '') +
      (support ? `<p>${escape(support)}</p>` : ''),
    receipt.store,
  );
  return { to: to.email, subject: t('storeReceiptSubject', { product: receipt.product, store: receipt.store }), text, html, link: receipt.link };
}

/**
 * To the reseller, about a paid store order it must act on (issue 43): waiting for its credit (it
 * activates by itself once credit arrives), or failed (it refunds the customer: the panel never
 * holds the customer's money).
 */
export function storeOrderAttentionMail(
  locale: Locale,
  to: { name: string; email: string },
  order: { id: number; status: 'waiting_credit' | 'failed'; product: string; mac: string; cost: number; customer: string; reason: string | null; link: string },
): Mail {
  const t = mailText(locale);
  const params = { id: order.id, product: order.product, mac: order.mac, count: order.cost, email: order.customer, reason: order.reason ?? '' };
  const [subject, intro, next] =
    order.status === 'waiting_credit'
      ? [t('storeWaitingCreditSubject', params), t('storeWaitingCreditIntro', params), t('storeWaitingCreditNext')]
      : [t('storeFailedSubject', params), t('storeFailedIntro', params), t('storeFailedNext', params)];
  const text = [t('greeting', { name: to.name }), '', intro, '', next, '', `${t('storeOrderAction')}: ${order.link}`, '', t('signature')].join('\n');
  const html = htmlMail(locale, to.name, `<p>${escape(intro)}</p><p>${escape(next)}</p><p><a href="${escape(order.link)}">${escape(t('storeOrderAction'))}</a></p>`);
  return { to: to.email, subject, text, html, link: order.link };
}

/**
 * A customer reminder (issue 44), from the store to its customer in the customer's language: the
 * device (MAC, app, expiry) that expires or has expired, the renewal link, the store's contact,
 * and the one-click unsubscribe headers of RFC 8058 (the mail app's Unsubscribe button POSTs to
 * `unsubscribe`; a GET link in the body would be followed by link scanners). Signed by the store.
 * `chat` is the same reminder as plain lines for the store's Telegram bot.
 */
export function customerReminderMail(
  locale: Locale,
  to: { name: string; email: string },
  reminder: { store: string; contact: string | null; mac: string; app: string; expiresAt: Date; expired: boolean; link: string; unsubscribe: string },
): Mail & { chat: string } {
  const t = mailText(locale);
  const params = { store: reminder.store, app: reminder.app, date: dayOf(locale, reminder.expiresAt) };
  const [subject, intro, when] = reminder.expired
    ? [t('customerReminderSubjectAfter', params), t('customerReminderIntroAfter', params), t('customerReminderExpired', params)]
    : [t('customerReminderSubjectBefore', params), t('customerReminderIntroBefore', params), t('customerReminderExpires', params)];
  const facts = [t('storeReceiptMac', { mac: reminder.mac }), t('customerReminderApp', params), when];
  const support = reminder.contact ? t('storeReceiptSupport', { store: reminder.store, contact: reminder.contact }) : null;
  const why = t('customerReminderWhy', params);
  const action = `${t('customerReminderAction')}: ${reminder.link}`;
  const text = [t('greeting', { name: to.name }), '', intro, '', ...facts, '', action, ...(support ? ['', support] : []), '', reminder.store, '', why].join('\n');
  const html = htmlMail(
    locale,
    to.name,
    `<p>${escape(intro)}</p><ul>${facts.map((f) => `<li>${escape(f)}</li>`).join('')}</ul>` +
      `<p><a href="${escape(reminder.link)}">${escape(t('customerReminderAction'))}</a></p>` +
      (support ? `<p>${escape(support)}</p>` : ''),
    reminder.store,
  ).replace('</body>', `<p style="color:#666;font-size:small">${escape(why)}</p></body>`);
  const chat = [subject, '', ...facts, '', action, ...(support ? ['', support] : [])].join('\n');
  return {
    to: to.email,
    subject,
    text,
    html,
    link: reminder.link,
    headers: { 'List-Unsubscribe': `<${reminder.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    chat,
  };
}
