/** The specification's constants (core-panel.md §9, business-panel.md §9), kept once for server and web. */
export const LOCALES = ['en', 'ar', 'de', 'br', 'esp'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const RTL_LOCALES: readonly Locale[] = ['ar'];
/**
 * The BCP 47 tag of each locale, for Intl (plural rules, dates, numbers): the panel's own codes
 * `br` and `esp` are not language tags (`br` is Breton to Intl).
 */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en', ar: 'ar', de: 'de', br: 'pt-BR', esp: 'es' };
export const LOCALE_STORAGE_KEY = 'locale';

export const PAGE_SIZES = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Whatever a client asks for, a page never holds more rows than this. */
export const MAX_PAGE_SIZE = 100;
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 500;

export const SESSION_DAYS = 1;
export const REMEMBER_ME_DAYS = 10;
export const IDLE_TIMEOUT_MS = 5 * 60 * 1000;
export const LOGOUT_COUNTDOWN_S = 10;
export const TOAST_MS = 4000;
export const RESEND_CONFIRMATION_MS = 5000;
export const FORGOT_PASSWORD_REDIRECT_MS = 5000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 255;
export const PASSCODE_MIN_LENGTH = 4;
export const PASSCODE_MAX_LENGTH = 12;
export const MAC_LENGTH = 17;

/** E-mail links: the first-password link lives a day, a reset link an hour (issue 2). */
export const CREATE_PASSWORD_TOKEN_HOURS = 24;
export const RESET_PASSWORD_TOKEN_HOURS = 1;

/** Brute-force limits: failures counted per account and per IP inside one window. */
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
/**
 * Wrong passwords from a browser that signed in to the account before (its signed device cookie):
 * counted for that browser alone, never with the account's or the address's, and stricter, since a
 * known browser that keeps failing is more likely a lost laptop than its owner.
 */
export const LOGIN_MAX_FAILURES_PER_DEVICE = 3;
/** How long a browser stays known to an account after its last sign-in there. */
export const KNOWN_BROWSER_DAYS = 180;

export const DEFAULT_DIAL_CODE = '+20';

export const COOKIE_TOKEN = 'token';
export const COOKIE_PERMISSIONS = 'permissions';

/** The player applications a new panel starts with (business-panel.md: the IBO Player family). */
export const SEED_APPLICATIONS: readonly { appName: string; trialDays: number; needsDeviceKey: boolean }[] = [
  { appName: 'IBOPLAYER', trialDays: 7, needsDeviceKey: true },
  { appName: 'BOBPLAYER', trialDays: 7, needsDeviceKey: true },
  { appName: 'IBOPRO', trialDays: 7, needsDeviceKey: false },
  { appName: 'ABEPLAYER', trialDays: 7, needsDeviceKey: false },
  { appName: 'VIRGINIA', trialDays: 7, needsDeviceKey: false },
  { appName: 'ALLPLAYER', trialDays: 7, needsDeviceKey: false },
  { appName: 'HUSHPLAY', trialDays: 5, needsDeviceKey: false },
  { appName: 'KTNPLAYER', trialDays: 5, needsDeviceKey: false },
];

/**
 * Image uploads (application and reseller logos): PNG, JPEG, WebP or SVG up to 2 MB, checked by
 * content on the server. The web file pickers offer the same types.
 */
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** Credit ledger transaction types (core-panel.md §9), as the credit-share logs filter them. */
export const CREDIT_TR_TYPES = {
  added: 'Added Credit',
  selfCredit: 'Added Self Credit',
  withdraw: 'Withdraw',
  /** Points spent on a device activation: debited from the reseller, credited to nobody. */
  activation: 'Activation',
  /** Points spent on activation codes (purchase and renewal): debited from the payer, credited to nobody. */
  code: 'Activation Code',
  /** Points bought with a payment plan: they enter the panel, credited to the buyer, debited from nobody. */
  purchase: 'Purchase',
  /** Points an account adds to itself in the sandbox (POST /api/sandbox/test-credit): sandbox ledgers only. */
  testCredit: 'Test Credit',
  /** Points given back for an undone activation or a deleted unredeemed code: credited to whoever paid, debited from nobody. */
  refund: 'Refund',
} as const;

/** Redirect delays after reseller forms (business-panel.md §4) and the sub-reseller search debounce (§9). */
export const ADD_RESELLER_REDIRECT_MS = 3000;
export const EDIT_RESELLER_REDIRECT_MS = 1000;
export const ASSIGN_RESELLER_REDIRECT_MS = 2000;
export const SUB_RESELLER_SEARCH_DEBOUNCE_MS = 300;

/** Expiry reminders: the daily mail lists the devices expiring within this many days, at most this many rows. */
export const EXPIRY_REMINDER_DAYS = 7;
export const EXPIRY_REMINDER_MAX_ROWS = 100;
/** The web route of the Renewals due screen, which the reminder mail links to. */
export const RENEWALS_DUE_PATH = '/renewals-due';
