/**
 * The error catalogue of both specification documents (§8): code, HTTP status and message key.
 * The server throws `new AppError(code)`; the web app maps the same codes to its reactions.
 */
export const ERROR_CATALOGUE = {
  // sign-in (core-panel.md §8); these travel as numbers in `statusCode` too
  '10090': { status: 401, key: 'errors.userNotFound' },
  '10091': { status: 403, key: 'errors.blockedByAdmin' },
  '10092': { status: 400, key: 'errors.malformedLogin' },
  '10095': { status: 403, key: 'errors.unverified' },
  // general
  C10002: { status: 401, key: 'errors.unauthenticated' },
  C10006: { status: 403, key: 'errors.changeRoleDenied' },
  C10010: { status: 400, key: 'errors.invalidRequestFormat' },
  C10011: { status: 422, key: 'errors.creditPointInvalid' },
  C10012: { status: 400, key: 'errors.processingError' },
  C10013: { status: 403, key: 'errors.notParent' },
  C10014: { status: 403, key: 'errors.adminAccount' },
  C10403: { status: 403, key: 'errors.playlistResetDenied' },
  C10404: { status: 404, key: 'errors.deviceNotFound' },
  C10405: { status: 403, key: 'errors.invalidDeviceKey' },
  C10422: { status: 422, key: 'errors.validation' },
  C10424: { status: 422, key: 'errors.insufficientCredit' },
  // codes of this implementation for cases the specification names only by message
  FORBIDDEN: { status: 403, key: 'errors.permissionDenied' },
  NOT_FOUND: { status: 404, key: 'errors.notFound' },
  ROUTE_NOT_FOUND: { status: 404, key: 'errors.routeNotFound' },
  INVALID_CREDENTIALS: { status: 401, key: 'errors.invalidCredentials' },
  WRONG_SIGN_IN_PAGE: { status: 403, key: 'errors.wrongSignInPage' },
  TOKEN_EXPIRED: { status: 400, key: 'errors.tokenExpired' },
  TOO_MANY_ATTEMPTS: { status: 429, key: 'errors.tooManyAttempts' },
  /** A wrong, reused or out-of-date second-factor code. */
  INVALID_TWO_FACTOR_CODE: { status: 401, key: 'errors.invalidTwoFactorCode' },
  /** A sign-in challenge that is unknown, used or older than five minutes: the sign-in starts again. */
  CHALLENGE_EXPIRED: { status: 401, key: 'errors.challengeExpired' },
  /** A passkey assertion that does not verify: another account's key, a replayed or out-of-date one. */
  INVALID_PASSKEY: { status: 401, key: 'errors.invalidPasskey' },
  /** A registration that does not verify (wrong origin, expired challenge). */
  PASSKEY_REGISTRATION_FAILED: { status: 422, key: 'errors.passkeyRegistrationFailed' },
  PASSKEY_ALREADY_REGISTERED: { status: 409, key: 'errors.passkeyAlreadyRegistered' },
  PASSKEY_NOT_FOUND: { status: 404, key: 'errors.passkeyNotFound' },
  /** A passkey step was asked of an account that has none. */
  NO_PASSKEY: { status: 409, key: 'errors.noPasskey' },
  TWO_FACTOR_ALREADY_ON: { status: 409, key: 'errors.twoFactorAlreadyOn' },
  TWO_FACTOR_NOT_ON: { status: 409, key: 'errors.twoFactorNotOn' },
  /** Setup is the account's own: a reseller API key cannot add or remove the factor. */
  SESSION_REQUIRED: { status: 403, key: 'errors.sessionRequired' },
  /** A money or secret move by a session of an account with a second factor that has not confirmed one in the last minutes. */
  STEP_UP_REQUIRED: { status: 403, key: 'errors.stepUpRequired' },
  /** A scoped API key called outside its scopes: the message names the scope needed (`{{scope}}`). */
  API_KEY_SCOPE: { status: 403, key: 'errors.apiKeyScope' },
  /** An activation or code purchase by a capped API key would pass its daily spend cap: nothing is charged. */
  API_KEY_SPEND_CAP: { status: 403, key: 'errors.apiKeySpendCap' },
  /** A valid API key of an account whose API access an admin has turned off: told apart from a bad key, so the owner knows whom to ask. */
  API_ACCESS_DISABLED: { status: 403, key: 'errors.apiAccessDisabled' },
  API_KEY_NOT_FOUND: { status: 404, key: 'errors.apiKeyNotFound' },
  /** The account must have a second factor (admin or parent rule) and has none yet: only its security setup answers. */
  TWO_FACTOR_SETUP_REQUIRED: { status: 403, key: 'errors.twoFactorSetupRequired' },
  /** Another account's endpoint, or none: the same answer, so ids of others' endpoints are not told. */
  WEBHOOK_NOT_FOUND: { status: 404, key: 'errors.webhookNotFound' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, key: 'errors.webhookDeliveryNotFound' },
  /** The account has WEBHOOK_ENDPOINTS_MAX endpoints already. */
  WEBHOOK_LIMIT: { status: 409, key: 'errors.webhookLimit' },
  /** A test or redelivery to an endpoint that is off: nothing would be sent. */
  WEBHOOK_DISABLED: { status: 409, key: 'errors.webhookDisabled' },
  /** A backup was asked for while this process is taking one: the running one's record will say how it went. */
  BACKUP_RUNNING: { status: 409, key: 'errors.backupRunning' },
  /** The caller's storefront settings were never saved: products and payment methods need them. */
  STOREFRONT_NOT_SET_UP: { status: 404, key: 'errors.storefrontNotSetUp' },
  /** A public store that is unknown, turned off, or of a disabled or deleted account: the same answer for each. */
  STOREFRONT_NOT_FOUND: { status: 404, key: 'errors.storefrontNotFound' },
  /** Another store's product, a deleted one, or none. */
  PRODUCT_NOT_FOUND: { status: 404, key: 'errors.productNotFound' },
  /** The store has STOREFRONT_PRODUCTS_MAX products already. */
  PRODUCT_LIMIT: { status: 409, key: 'errors.tooManyProducts' },
  /** Another account's order, an unknown one, or (public) a missing or wrong order token: the same answer. */
  ORDER_NOT_FOUND: { status: 404, key: 'errors.orderNotFound' },
  /** Approve, reject or retry of an order whose status does not allow it (already activated, rejected…). */
  ORDER_STATE: { status: 409, key: 'errors.orderState' },
  /** Another account's customer, or none. */
  CUSTOMER_NOT_FOUND: { status: 404, key: 'errors.customerNotFound' },
  /** The player's store link (issue 44): the device was never activated, is disabled or lifetime, or its reseller's store is closed or sells nothing for its app. */
  STORE_LINK_NOT_FOUND: { status: 404, key: 'errors.storeLinkNotFound' },
  /** A reminder's renewal or unsubscribe link that is bad, altered or expired, or whose customer, device or store is gone or closed (issue 44). */
  REMINDER_LINK_NOT_FOUND: { status: 404, key: 'errors.reminderLinkNotFound' },
  /** The reseller's Stripe account refused or could not be reached: no order is left half made. */
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 502, key: 'errors.paymentProviderUnavailable' },
  /** The store's Telegram bot has no linked reseller chat (or no bot is connected): nothing to send a test to (issue 44). */
  TELEGRAM_CHAT_NOT_LINKED: { status: 409, key: 'errors.telegramChatNotLinked' },
  /** Telegram refused a call with a token it had accepted, or could not be reached (issue 44). */
  TELEGRAM_UNAVAILABLE: { status: 502, key: 'errors.telegramUnavailable' },
  VALIDATION: { status: 422, key: 'errors.validation' },
  CONFLICT: { status: 409, key: 'errors.conflict' },
  ROLE_IN_USE: { status: 409, key: 'errors.roleInUse' },
  APPLICATION_IN_USE: { status: 409, key: 'errors.applicationInUse' },
  FIRST_ROLE: { status: 403, key: 'errors.firstRoleLocked' },
  SELF_ACTION: { status: 403, key: 'errors.selfAction' },
  SELF_ROLE: { status: 403, key: 'errors.selfRole' },
  /** Suspending or reinstating an admin is the panel owner's alone (the first admin). */
  OWNER_ONLY: { status: 403, key: 'errors.ownerOnly' },
  /** Suspension is for admin accounts; any other account is disabled with its status switch. */
  NOT_AN_ADMIN: { status: 409, key: 'errors.suspendAdminsOnly' },
  ADMIN_ROLE_RESERVED: { status: 403, key: 'errors.adminRoleReserved' },
  ALREADY_VERIFIED: { status: 409, key: 'errors.alreadyVerified' },
  PASSCODE_EXISTS: { status: 409, key: 'errors.passcodeExists' },
  PASSCODE_NOT_SET: { status: 409, key: 'errors.passcodeNotSet' },
  INVALID_PASSCODE: { status: 403, key: 'errors.invalidPasscode' },
  /** A credit move from the reseller list without a passcode validated in this session in the last minutes. */
  PASSCODE_REQUIRED: { status: 403, key: 'errors.passcodeValidationRequired' },
  DEVICE_ALREADY_DISABLED: { status: 409, key: 'errors.deviceAlreadyDisabled' },
  DEVICE_ALREADY_ENABLED: { status: 409, key: 'errors.deviceAlreadyEnabled' },
  /** A multi-app activation naming an app it may not activate: refused whole, the reason per app in `errors`. */
  ACTIVATION_REFUSED: { status: 422, key: 'errors.activationRefused' },
  NO_APPS_TO_ACTIVATE: { status: 422, key: 'errors.noAppsToActivate' },
  INSUFFICIENT_CREDIT: { status: 422, key: 'errors.insufficientCredit' },
  /** The client showed a different price than the server charges: nothing is charged. */
  PRICE_CHANGED: { status: 409, key: 'errors.priceChanged' },
  /** Undo of an activation (issue 27): each refusal has its code; nothing is refunded. */
  UNDO_OFF: { status: 409, key: 'errors.undoOff' },
  UNDO_WINDOW_PASSED: { status: 409, key: 'errors.undoWindowPassed' },
  UNDO_ALREADY_DONE: { status: 409, key: 'errors.undoAlreadyDone' },
  UNDO_DEVICE_CHECKED_IN: { status: 409, key: 'errors.undoDeviceCheckedIn' },
  UNDO_SUPERSEDED: { status: 409, key: 'errors.undoSuperseded' },
  INVALID_PIN: { status: 403, key: 'errors.invalidPin' },
  TOO_MANY_REQUESTS: { status: 429, key: 'errors.tooManyRequests' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'errors.unsupportedMediaType' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'errors.payloadTooLarge' },
  BAD_REQUEST: { status: 400, key: 'errors.badRequest' },
  INTERNAL: { status: 500, key: 'errors.internal' },
  UNAVAILABLE: { status: 503, key: 'errors.unavailable' },
} as const satisfies Record<string, { status: number; key: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
