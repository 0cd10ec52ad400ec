import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  numeric,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  groupName: text('group_name').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** Bumped whenever the role's permissions change: every API node re-reads a role whose version moved. */
  version: integer('version').notNull().default(1),
  /** A deleted role stays for the removed accounts that held it, so their history still names it. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('roles_name_lower_idx').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)]);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/**
 * Every account: admins, staff users, resellers and sub-resellers (the specification's
 * IBOReseller). Whether an account is an admin follows from its role being the first role.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    oldEmail: text('old_email'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    roleId: integer('role_id').notNull().references(() => roles.id),
    /** Credit points are integers and never negative (DESIGN.md §4). */
    creditPoint: bigint('credit_point', { mode: 'number' }).notNull().default(0),
    creditSharePasscodeHash: text('credit_share_passcode_hash'),
    parentResellerId: integer('parent_reseller_id'),
    createdBy: integer('created_by'),
    /** 1 active, 0 inactive (set on edit). */
    status: smallint('status').notNull().default(1),
    isDisableByAdmin: smallint('is_disable_by_admin').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    loginIp: text('login_ip'),
    logoPath: text('logo_path'),
    /** The API key, encrypted with the server key so it can be shown again, and its hash for look-ups. */
    apiKeyEncrypted: text('api_key_encrypted'),
    apiKeyHash: text('api_key_hash'),
    apiAccess: smallint('api_access').notNull().default(0),
    /** The daily mail of devices about to expire (modules/reminders); the profile switch turns it off. */
    expiryReminders: boolean('expiry_reminders').notNull().default(true),
    /** The panel language the account last signed in with (its mails' language); null: never seen, English. */
    locale: text('locale'),
    /** The parent's switch: its whole tree of sub-resellers must have a second factor (modules/two-factor/requirement). */
    requireTwoFactorBelow: boolean('require_two_factor_below').notNull().default(false),
    /**
     * Denormalised: an ancestor of this account has `requireTwoFactorBelow` on. Read with the session
     * on every request (no walk up the tree per request); kept right by the switch and by every
     * change of a parent (creation of a sub-reseller, assign, promote) through `refreshRequirementBelow`.
     */
    twoFactorRequiredByParent: boolean('two_factor_required_by_parent').notNull().default(false),
    /** The account's own low-balance line (Integrations): `credit.low` when a move takes the balance under it; null: none. */
    lowCreditThreshold: bigint('low_credit_threshold', { mode: 'number' }),
    /** Set when `credit.low` went out; cleared when the balance is back at or above the line: one event per fall. */
    lowCreditNotifiedAt: timestamp('low_credit_notified_at', { withTimezone: true }),
    /**
     * The panel's owner: the first admin (the one the first start created, or the lowest-id admin of
     * a database older than the flag, migration 0032). Only it suspends and reinstates other admins.
     */
    owner: boolean('owner').notNull().default(false),
    /**
     * Set while the owner has suspended this admin: its sessions and keys authenticate nothing and it
     * cannot sign in (`accountUsable` in src/http/auth.ts); its account and data stay as they were.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A removed account keeps its e-mail: the address stays taken.
    uniqueIndex('users_email_idx').on(t.email),
    // One owner at most: a second `owner = true` row is refused by the database, whatever the code does.
    uniqueIndex('users_owner_idx').on(t.owner).where(sql`${t.owner}`),
    index('users_role_idx').on(t.roleId),
    index('users_parent_idx').on(t.parentResellerId),
    uniqueIndex('users_api_key_idx').on(t.apiKeyHash),
    check('users_credit_point_non_negative', sql`${t.creditPoint} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the credit-share passcode was last validated in this session (credit moves need it recent). */
    passcodeValidatedAt: timestamp('passcode_validated_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** Moved by the auth hook at most once a minute (http/auth.ts): a read-mostly row, not a write per request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this session passed a second factor; null for a password-only sign-in. */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * The browsers (family and system) and addresses an account signed in from, to tell a new device
 * (modules/sessions), keyed by a hash of the three: a fixed-length key whatever the user agent sent.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['create_password', 'reset_password', 'update_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

/** Fixed-window counters for brute-force limits when no Redis is configured. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // The Activity screen of a reseller: the rows its accounts did, and the rows done to them.
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_user_idx').on(t.targetId, t.createdAt).where(sql`${t.targetType} = 'user'`),
  ],
);

/** Values generated once and shared by every API node (the admin sign-in prefix). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const socialWidgets = pgTable('social_widgets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  whatsappNumber: text('whatsapp_number'),
  telegramNumber: text('telegram_number'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});


/** Notices and offers an admin publishes to resellers; description is sanitised HTML. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** 1 active (shown to resellers), 0 not active. */
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_status_idx').on(t.status, t.id)],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);

/** The media-player applications resellers activate (IBO Player, BOB Player, …). */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appName: text('app_name').notNull(),
    appLogo: text('app_logo'),
    appPlaceLocation: text('app_place_location'),
    appPhone: text('app_phone'),
    appEmail: text('app_email'),
    appTagline: text('app_tagline'),
    appDescription: text('app_description'),
    /** Days of free trial a device gets on its first start. */
    trialDays: integer('trial_days').notNull().default(7),
    /** BOBPLAYER and IBOPLAYER: resetting a playlist needs the device key. */
    needsDeviceKey: boolean('needs_device_key').notNull().default(false),
    /** Hidden applications stay on existing devices but are offered for no new activation. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('applications_name_lower_idx').on(sql`lower(${t.appName})`)],
);

/** The applications a reseller may activate (its `application_allowed`). */
export const resellerApplications = pgTable(
  'reseller_applications',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.applicationId] }), index('reseller_applications_app_idx').on(t.applicationId)],
);

/**
 * The credit ledger: one row per balance change, written in the same transaction as the change
 * (DESIGN.md §4). `debitorId` lost the points, `creditorId` received them; a self credit has no
 * debitor, a spend no creditor.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    trType: text('tr_type').notNull(),
    creditPoint: bigint('credit_point', { mode: 'number' }).notNull(),
    debitorId: integer('debitor_id').references(() => users.id),
    creditorId: integer('creditor_id').references(() => users.id),
    creatorId: integer('creator_id').references(() => users.id),
    debitorBalanceAfter: bigint('debitor_balance_after', { mode: 'number' }),
    creditorBalanceAfter: bigint('creditor_balance_after', { mode: 'number' }),
    reason: text('reason'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_ledger_positive', sql`${t.creditPoint} > 0`),
    index('credit_ledger_creditor_idx').on(t.creditorId, t.createdAt),
    index('credit_ledger_debitor_idx').on(t.debitorId, t.createdAt),
    index('credit_ledger_type_idx').on(t.trType, t.createdAt),
    // The admin's log pages (newest first over every row) and the date-range reports walk this.
    index('credit_ledger_created_idx').on(t.createdAt, t.id),
  ],
);

/** Answers of requests sent with a `request-id`: a repeat within 24 hours gets the first answer and moves nothing. */
export const idempotentRequests = pgTable('idempotent_requests', {
  key: text('key').primaryKey(),
  statusCode: integer('status_code').notNull(),
  response: jsonb('response').notNull(),
  createdAt: createdAt(),
});

/**
 * A device is one (application, MAC address) pair, created when the player first registers
 * (DESIGN.md §5). The MAC is stored normalised: lower-case pairs joined by colons.
 * `expire_date` is always set (a lifetime activation stores LIFETIME_EXPIRY), so status is one
 * comparison: active while enabled and `expire_date` is in the future.
 */
export const devices = pgTable(
  'devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'restrict' }),
    macAddress: text('mac_address').notNull(),
    /** Shown on the player's screen; the customer gives it to the reseller to prove the device is theirs. */
    deviceKey: text('device_key').notNull(),
    expireDate: timestamp('expire_date', { withTimezone: true }).notNull(),
    lifetime: boolean('lifetime').notNull().default(false),
    /** 1 while the device only has its free trial, 0 once an activation was paid. */
    isTrial: smallint('is_trial').notNull().default(1),
    /** The reseller whose paid activation the device carries: its owner for lists, playlists and box management. */
    activatedBy: integer('activated_by').references(() => users.id),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Set while disabled; the paid time left at that moment is kept to be given back at enable. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    remainingSeconds: bigint('remaining_seconds', { mode: 'number' }),
    /** Disabled by box management (which only re-enables the devices it disabled). */
    disabledByBox: boolean('disabled_by_box').notNull().default(false),
    ip: text('ip'),
    appVersion: text('app_version'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * The player's first status call after the device's last paid activation (issue 27): set by the
     * status call only while it is null or older than `activated_at`, so a device that asked since
     * its activation is seen by the undo, which refuses then. Register calls do not set it.
     */
    lastStatusAt: timestamp('last_status_at', { withTimezone: true }),
    /** SHA-256 of the installation secret of the player that holds the device; null until a player claims it. */
    secretHash: text('secret_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_app_mac_idx').on(t.applicationId, t.macAddress),
    index('devices_mac_idx').on(t.macAddress),
    index('devices_activated_by_idx').on(t.activatedBy, t.disabledAt),
  ],
);

/**
 * One row per application of a paid activation request (the activated apps list and the activation
 * logs). `ledgerId` is the request's one ledger row; `creditPoint` is this row's share of its cost,
 * so the rows of a request add up to what the ledger charged.
 */
export const activations = pgTable(
  'activations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull().references(() => devices.id, { onDelete: 'restrict' }),
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'restrict' }),
    /** Copied from the device: the MAC search of the lists reads this table alone. */
    macAddress: text('mac_address').notNull(),
    resellerId: integer('reseller_id').notNull().references(() => users.id),
    ledgerId: bigint('ledger_id', { mode: 'number' }).notNull().references(() => creditLedger.id),
    package: text('package', { enum: ['1-Year', 'Lifetime'] }).notNull(),
    creditPoint: integer('credit_point').notNull(),
    boxExpiryDate: timestamp('box_expiry_date', { withTimezone: true }).notNull(),
    comment: text('comment'),
    activatedFrom: text('activated_from').notNull(),
    /** Set when the activation was undone (issue 27): its cost went back to the payer in `refundLedgerId`. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundLedgerId: bigint('refund_ledger_id', { mode: 'number' }).references(() => creditLedger.id),
    /**
     * The device as it was before this activation, which an undo puts back (issue 27). Null on
     * activations made before these columns existed: those cannot be undone.
     */
    prevExpireDate: timestamp('prev_expire_date', { withTimezone: true }),
    prevLifetime: boolean('prev_lifetime'),
    prevIsTrial: smallint('prev_is_trial'),
    prevActivatedBy: integer('prev_activated_by').references(() => users.id),
    prevActivatedAt: timestamp('prev_activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('activations_reseller_created_idx').on(t.resellerId, t.createdAt),
    index('activations_created_idx').on(t.createdAt, t.id),
    index('activations_device_idx').on(t.deviceId),
    index('activations_app_created_idx').on(t.applicationId, t.createdAt),
    // Prefix searches (`like 'aa:b%'`) need the pattern operator class whatever the database's collation.
    index('activations_mac_prefix_idx').on(t.macAddress.op('text_pattern_ops')),
  ],
);

/** Playlists pushed to a device: general (an M3U URL) or xc (an Xtream Codes server with username and password). */
export const playlists = pgTable(
  'playlists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Exactly one owner: the device it was pushed to, or the activation code that carries it to its device. */
    deviceId: bigint('device_id', { mode: 'number' }).references(() => devices.id, { onDelete: 'cascade' }),
    codeId: bigint('code_id', { mode: 'number' }).references(() => activationCodes.id, { onDelete: 'cascade' }),
    playlistType: text('playlist_type', { enum: ['general', 'xc'] }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    username: text('username'),
    password: text('password'),
    epgUrl: text('epg_url'),
    protect: boolean('protect').notNull().default(false),
    /** argon2id of the protect PIN; the PIN itself is never stored nor sent. */
    pinHash: text('pin_hash'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('playlists_device_idx').on(t.deviceId),
    index('playlists_code_idx').on(t.codeId),
    check('playlists_one_owner', sql`(${t.deviceId} is null) <> (${t.codeId} is null)`),
  ],
);

/**
 * Activation codes (business-panel.md §3): bought with credit by `createdBy` for `resellerId`,
 * bound to the first device that redeems one. `expireDate` of a lifetime code is LIFETIME_EXPIRY.
 * While bound, the device's expiry and lifetime from before the redeem are kept, so that a reset,
 * which frees the code for another device, takes back exactly what the code gave.
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    value: text('value').notNull(),
    type: text('type', { enum: ['yearly', 'lifetime'] }).notNull(),
    resellerId: integer('reseller_id').notNull().references(() => users.id),
    createdBy: integer('created_by').notNull().references(() => users.id),
    ledgerId: bigint('ledger_id', { mode: 'number' }).notNull().references(() => creditLedger.id),
    status: smallint('status').notNull().default(1),
    expireDate: timestamp('expire_date', { withTimezone: true }).notNull(),
    deviceId: bigint('device_id', { mode: 'number' }).references(() => devices.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    deviceExpiryBefore: timestamp('device_expiry_before', { withTimezone: true }),
    deviceLifetimeBefore: boolean('device_lifetime_before'),
    createdAt: createdAt(),
  },
  (t) => [
    // Equality (redeem, actions) and prefix searches (`like '123%'`) whatever the database's collation.
    uniqueIndex('activation_codes_value_idx').on(t.value.op('text_pattern_ops')),
    index('activation_codes_reseller_created_idx').on(t.resellerId, t.createdAt),
    index('activation_codes_created_idx').on(t.createdAt, t.id),
    index('activation_codes_device_idx').on(t.deviceId),
  ],
);

/** Support tickets (core-panel.md §3): raised by a reseller, answered in `ticketComments`. */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    /** Sanitised HTML (lib/rich-text.ts), sanitised again by the browser that shows it. */
    description: text('description').notNull(),
    status: text('status', { enum: ['OPEN', 'REOPEN', 'RESOLVED', 'CLOSED', 'WITHDRAW'] }).notNull().default('OPEN'),
    raisedBy: integer('raised_by').notNull().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickets_raised_by_created_idx').on(t.raisedBy, t.createdAt), index('tickets_created_idx').on(t.createdAt, t.id), index('tickets_status_idx').on(t.status)],
);

/** A ticket's thread: each reopening and resolution with its comment, author and time. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id),
    comment: text('comment').notNull(),
    /** The status the comment moved the ticket to. */
    status: text('status', { enum: ['OPEN', 'REOPEN', 'RESOLVED', 'CLOSED', 'WITHDRAW'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.id)],
);

/** Download APK cards (business-panel.md §3 APK plan). */
export const apkPlans = pgTable('apk_plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url'),
  apkUrl: text('apk_url').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Payment plans (business-panel.md §3): points sold for a price in euros. The price is an exact
 * decimal. A deleted plan leaves the list but stays for its orders' history.
 */
export const paymentPlans = pgTable('payment_plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  currency: text('currency').notNull().default('EUR'),
  description: text('description').notNull(),
  creditPoints: integer('credit_points').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * An order of a plan (the billing record). Title, amount and points are copied from the plan when
 * ordered, so an edited or deleted plan never changes what was bought. It is credited once: the
 * only way out of 'pending' is one conditional update, in the transaction of its ledger row.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id').notNull(),
    resellerId: integer('reseller_id').notNull().references(() => users.id),
    planId: integer('plan_id').references(() => paymentPlans.id),
    planTitle: text('plan_title').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    creditPoint: integer('credit_point').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'failed', 'cancelled'] }).notNull().default('pending'),
    provider: text('provider').notNull(),
    /** The provider's reference of the payment (a Stripe Checkout Session id, or the sandbox's own). */
    transactionId: text('transaction_id'),
    ledgerId: bigint('ledger_id', { mode: 'number' }).references(() => creditLedger.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_id_idx').on(t.orderId),
    index('payment_orders_reseller_created_idx').on(t.resellerId, t.createdAt),
    index('payment_orders_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * One row per account and day of the expiry reminder: a node claims the row (insert … on conflict
 * do nothing) before it sends, so several API nodes send each account one mail a day. `sentAt`
 * stays null while the claiming node works; a claim left unsent for long (its node stopped) may be
 * taken over by another node (modules/reminders).
 */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The server's calendar day the reminder is for. */
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deviceCount: integer('device_count'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('expiry_reminders_day_idx').on(t.day)],
);

/**
 * An account's TOTP second factor (RFC 6238). The row exists from setup on; the factor is on only
 * once `confirmed_at` is set. Passkeys will be rows of their own table: an account's methods are the
 * tables it has rows in.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, encrypted with the server key (lib/server-key.ts): the server must read it to check codes. */
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is good once, and never an earlier one. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten one-time codes per account with a second factor, as argon2id hashes; regenerating deletes the old ones. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The step between a right password and the second factor: single use, five minutes, bound to one
 * account. Only the token's SHA-256 is kept.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The sign-in form's remember-me, carried to the session the challenge ends in. */
    remember: boolean('remember').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_challenges_token_idx').on(t.tokenHash), index('login_challenges_user_idx').on(t.userId)],
);

/**
 * WebAuthn credentials (passkeys) as a second factor. The public key only: the private key never
 * leaves the authenticator, so nothing here is a secret, yet no answer carries it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The credential id, base64url, as the browser sends it back in an assertion. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen: an assertion must bring a higher one (a cloned authenticator shows up). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * The random challenges a passkey signs: single use (taken by a DELETE … RETURNING), five minutes,
 * bound to an account and a purpose, and to the sign-in challenge (login) or the session
 * (registration, step-up) that asked for it. A new one replaces the one before for the same binding.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['registration', 'login', 'step_up'] }).notNull(),
    challenge: text('challenge').notNull(),
    loginChallengeId: integer('login_challenge_id').references(() => loginChallenges.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webauthn_challenges_challenge_idx').on(t.challenge), index('webauthn_challenges_user_idx').on(t.userId)],
);

/**
 * An account's webhook endpoints (modules/webhooks). The secret is encrypted with the server key:
 * the worker signs with it. After a roll the previous secret signs beside it until it expires.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    /** Also the events of the owner's direct sub-resellers. */
    includeSubResellers: boolean('include_sub_resellers').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** 'gone' (410) or 'failing' (5 days of failures) when the panel turned it off; null otherwise. */
    disabledReason: text('disabled_reason', { enum: ['gone', 'failing'] }),
    secretEncrypted: text('secret_encrypted').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** The first failed attempt since the last success: 5 days of it disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * The outbox: one row per event, written in the transaction of what it reports (modules/webhooks/outbox.ts),
 * so a rolled-back change never sends and a committed one always does. `id` is the `webhook-id` header.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    /** The account the event is about (its endpoints, and its parent's that include sub-resellers). */
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/** One event to one endpoint: claimed by a worker with FOR UPDATE SKIP LOCKED when due. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: text('event_id').notNull().references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    /** When a worker may take it next; null once it succeeded or gave up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer('delivery_id').notNull().references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    /** The first 1 KB of the answer. */
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * Scoped API keys (modules/api-keys): several per account, each with scopes and an optional daily
 * spend cap, shown once and kept as a SHA-256 hash. The specification's single key stays on `users`.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The first characters of the key, shown in the list so its holder can tell keys apart. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Credits the key may spend per server day; null: no cap. */
    dailySpendCap: bigint('daily_spend_cap', { mode: 'number' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

/** What a capped key spent on a day: raised by a conditional update in the charge's transaction, so concurrent calls never overrun the cap. */
export const apiKeySpend = pgTable(
  'api_key_spend',
  {
    keyId: integer('key_id').notNull().references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

/**
 * Insights (issue 27): the daily roll-up of sales, kept by triggers on `activations`,
 * `activation_codes` and `credit_ledger` in the writing transaction, so today's figures are live
 * (their current definitions: server/src/db/functions/insight_*.sql). Each sale is counted three
 * times: under the account that made it (`scope` 'own'), under that account and each of its
 * ancestors ('tree': a reseller's whole tree is one key), and under one of four shards of the
 * whole panel ('all', `reseller_id` = account id % 4: the admin's figures, spread so that
 * concurrent sales of unrelated accounts seldom wait on one row). A parent change moves the
 * subtree's figures between the ancestors (trigger on `users`). Codes are application 0, package
 * 'code'. `insight_rebuild()` recomputes it from the raw rows.
 */
export const insightDaily = pgTable(
  'insight_daily',
  {
    resellerId: integer('reseller_id').notNull(),
    scope: text('scope', { enum: ['own', 'tree', 'all'] }).notNull(),
    /** 'day', or the week (from Monday) and month summed, which long ranges read instead of the days (migration 0030). */
    grain: text('grain', { enum: ['day', 'week', 'month'] }).notNull().default('day'),
    /** The sale's UTC day (an undone activation stays counted on its own day, as a refund); the period's first day for a week or month. */
    day: date('day', { mode: 'string' }).notNull(),
    applicationId: integer('application_id').notNull(),
    package: text('package').notNull(),
    /** 'tree' rows: the selling account's id % insight_shards() (4 on PostgreSQL, 1 on PGlite), so that a tree's accounts selling at once seldom wait on one row; else 0. */
    shard: smallint('shard').notNull().default(0),
    activations: integer('activations').notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    refunds: integer('refunds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.resellerId, t.scope, t.grain, t.day, t.applicationId, t.package, t.shard] }),
    // One application over a range of days (the chart filtered to one app) without reading the others'.
    index('insight_daily_application_idx').on(t.resellerId, t.scope, t.applicationId, t.day).where(sql`${t.grain} = 'day'`),
  ],
);

/**
 * Each account's own spend (activations and codes, net of refunds) as an exponentially weighted
 * sum, for the runway: `weighted` = Σ credits × (1 − α)^(as_of − day) over every spend so far, α =
 * 2 / (RUNWAY_EWMA_DAYS + 1); the daily spend on day T is α × weighted × (1 − α)^(T − as_of). One
 * row per account, so the runway reads one row per sub-reseller. `last_spend`: the last day it spent.
 */
export const insightRunway = pgTable('insight_runway', {
  resellerId: integer('reseller_id').primaryKey(),
  asOf: date('as_of', { mode: 'string' }).notNull(),
  weighted: doublePrecision('weighted').notNull().default(0),
  lastSpend: date('last_spend', { mode: 'string' }),
});

/**
 * Paid terms by their end's UTC day (the renewals figures): `ending` counts 1-Year activations
 * ending that day, `renewed` those of them a later activation of the same device renewed (at most
 * RENEWAL_GRACE_DAYS after the end). Scopes as `insight_daily`; the term belongs to its activation's account.
 */
export const insightExpiryDaily = pgTable(
  'insight_expiry_daily',
  {
    resellerId: integer('reseller_id').notNull(),
    scope: text('scope', { enum: ['own', 'tree', 'all'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** As `insight_daily.shard`. */
    shard: smallint('shard').notNull().default(0),
    ending: integer('ending').notNull().default(0),
    renewed: integer('renewed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.resellerId, t.scope, t.day, t.shard] })],
);

/**
 * Every code sold, kept after the code is deleted (a code deleted without a refund was paid for and
 * stays counted as sold): the account its ledger row debited and the sale's UTC day, so that a
 * refund is taken back on the sale's day and `insight_rebuild()` recounts deleted codes.
 * `refundLedgerId`: the `Refund` ledger row that gave the code's price back (set by the delete).
 */
export const insightCodeSales = pgTable('insight_code_sales', {
  codeId: bigint('code_id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  refundLedgerId: bigint('refund_ledger_id', { mode: 'number' }),
});

/**
 * Sums of closed days kept per question (issue 27, speed): the grouped rows of a range's days up to
 * three days before today (`packed`, as `sales()` reads them), keyed by scope, interval, range and
 * filters, so that a year's chart reads one row and its last days instead of thousands of rows.
 * A row is used only while its `generation` equals `insight_generation`'s, which every write to a
 * day before yesterday moves on (a late undo, a parent change, a rebuild) in its own transaction.
 */
export const insightMemo = pgTable('insight_memo', {
  key: text('key').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull(),
  madeOn: date('made_on', { mode: 'string' }).notNull(),
  packed: text('packed').notNull(),
});

/** One row: the generation of the closed days' figures (see `insight_memo`). */
export const insightGeneration = pgTable('insight_generation', {
  id: smallint('id').primaryKey().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/**
 * What a sale adds to the roll-up, not yet folded into it (issue 45): the sale's triggers append
 * one row per statement in the sale's transaction, where they once upserted every scope's rows
 * while the seller's balance row stayed locked; `insight_fold()` folds them in batches after the
 * commit (src/modules/derived). `sales` / `undone`: activation rows (`rows`, as the triggers see
 * them) added or taken back; `code`: a code sale's count, credits and refunds on its sale's day.
 */
export const insightPending = pgTable('insight_pending', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: createdAt(),
  kind: text('kind', { enum: ['sales', 'undone', 'code'] }).notNull(),
  rows: jsonb('rows'),
  accountId: integer('account_id'),
  day: date('day', { mode: 'string' }),
  activations: integer('activations'),
  credits: bigint('credits', { mode: 'number' }),
  refunds: integer('refunds'),
});

/**
 * The record every credit move and business event leaves in its own transaction (issue 45), from
 * which the rest is derived after the commit by src/modules/derived: `move` (written by
 * `credit_move` beside its ledger row) gives the low-balance line and `credit.*` events; `event`
 * (written by `emitEvent`) is fanned out to the listening endpoints as a `webhook_events` row and
 * its deliveries. Deleted once derived, so the table holds only what is not yet.
 */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: createdAt(),
  kind: text('kind', { enum: ['move', 'event'] }).notNull(),
  ledgerId: bigint('ledger_id', { mode: 'number' }),
  eventId: text('event_id'),
  userId: integer('user_id'),
  type: text('type'),
  data: jsonb('data'),
});

/** Refused activations by reason and UTC day (scopes as `insight_daily`), written after the refusal's transaction rolled back. */
export const refusalDaily = pgTable(
  'refusal_daily',
  {
    userId: integer('user_id').notNull(),
    scope: text('scope', { enum: ['own', 'tree', 'all'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.day, t.reason] })],
);

/**
 * A reseller's storefront (issue 43): the public page `/store/<slug>` its customers buy activations
 * from. One per account; its Stripe keys are its own, encrypted with the server key (lib/server-key.ts).
 */
export const storefronts = pgTable(
  'storefronts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case (the contract's rule), unique in the panel. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    accentColor: text('accent_color').notNull(),
    /** ISO 4217; products are priced in its minor unit. */
    currency: text('currency').notNull(),
    defaultLanguage: text('default_language').notNull().default('en'),
    supportEmail: text('support_email'),
    supportWhatsapp: text('support_whatsapp'),
    supportTelegram: text('support_telegram'),
    logo: text('logo'),
    stripeSecretKeyEncrypted: text('stripe_secret_key_encrypted'),
    stripeWebhookSecretEncrypted: text('stripe_webhook_secret_encrypted'),
    stripeKeyLast4: text('stripe_key_last4'),
    manualEnabled: boolean('manual_enabled').notNull().default(false),
    manualInstructions: text('manual_instructions'),
    /** Customer reminders (issue 44): off until the reseller turns them on; milestones in days before and after an expiry. */
    remindersEnabled: boolean('reminders_enabled').notNull().default(false),
    reminderDaysBefore: integer('reminder_days_before').array().notNull().default(sql`'{7,3,1}'::int[]`),
    reminderDaysAfter: integer('reminder_days_after').array().notNull().default(sql`'{1}'::int[]`),
    /** The reseller's own Telegram bot (issue 44): its token encrypted with the server key, never answered. */
    telegramBotTokenEncrypted: text('telegram_bot_token_encrypted'),
    telegramBotUsername: text('telegram_bot_username'),
    /** SHA-256 of the `secret_token` given to setWebhook: Telegram sends it back on every update. */
    telegramSecretHash: text('telegram_secret_hash'),
    /** The reseller's own chat, linked by `/start <one-time code>`; Telegram's chat ids fit in 52 bits. */
    telegramOwnerChatId: bigint('telegram_owner_chat_id', { mode: 'number' }),
    /** SHA-256 of the current one-time owner start code, and until when it links. */
    telegramOwnerCodeHash: text('telegram_owner_code_hash'),
    telegramOwnerCodeExpiresAt: timestamp('telegram_owner_code_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** What a storefront sells: one activation of its apps for a package, at a price in the store's currency. */
export const storefrontProducts = pgTable(
  'storefront_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    appIds: integer('app_ids').array().notNull(),
    package: text('package', { enum: ['one_year', 'lifetime'] }).notNull(),
    /** In the currency's minor unit, as Stripe's `unit_amount`. */
    price: integer('price').notNull(),
    active: boolean('active').notNull().default(true),
    /** Set when the reseller deletes it: its orders keep it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storefront_products_storefront_idx').on(t.storefrontId)],
);

/**
 * A reseller's customer (issue 43): filed by e-mail (lower case, one per account) when it orders
 * from the store, or added by hand. Its devices are linked when an order activates them or by the reseller.
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case; null for a customer added by hand without one. */
    email: text('email'),
    name: text('name'),
    phone: text('phone'),
    /** The language its mails are written in: its last order's, else the store's. */
    language: text('language').notNull().default('en'),
    notes: text('notes'),
    /** Set when the customer unsubscribed from reminders (RFC 8058 one-click, or the reseller turned them off); null: on. */
    remindersOffAt: timestamp('reminders_off_at', { withTimezone: true }),
    /** The customer's Telegram chat with the store's bot, linked by `/start <telegram_code>` (issue 44). */
    telegramChatId: bigint('telegram_chat_id', { mode: 'number' }),
    /** The customer's start code for the store's bot (8–64 of A–Z a–z 0–9 _ -), made with its first order. */
    telegramCode: text('telegram_code').unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_user_email_idx').on(t.userId, t.email).where(sql`${t.email} is not null`), index('customers_user_idx').on(t.userId, t.id)],
);

/** A device of a customer: one the account activated (an order does it), or one still on its trial. */
export const customerDevices = pgTable(
  'customer_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The product the device was last sold with (its renewal link offers it again); null: linked by hand. */
    productId: integer('product_id').references(() => storefrontProducts.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customer_devices_pair_idx').on(t.customerId, t.deviceId), index('customer_devices_device_idx').on(t.deviceId)],
);

/**
 * An order placed on a store. It keeps what was sold (product, apps, package, price, cost) as it was
 * when placed, so a product changed or deleted later changes no order. `status` moves only forward:
 * pending_payment or awaiting_approval, then waiting_credit, activated, failed or rejected.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    /** The store's account: it is charged the credit and it alone sees the order. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => storefrontProducts.id),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    appIds: integer('app_ids').array().notNull(),
    package: text('package', { enum: ['one_year', 'lifetime'] }).notNull(),
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    creditCost: integer('credit_cost').notNull(),
    macAddress: text('mac_address').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    language: text('language').notNull().default('en'),
    method: text('method', { enum: ['stripe', 'manual'] }).notNull(),
    status: text('status', { enum: ['pending_payment', 'awaiting_approval', 'waiting_credit', 'activated', 'failed', 'rejected'] }).notNull(),
    /** SHA-256 of the customer's order token (256 random bits, answered once). */
    tokenHash: text('token_hash').notNull(),
    stripeSessionId: text('stripe_session_id').unique(),
    stripePaymentIntent: text('stripe_payment_intent'),
    /** When the payment was proven: Stripe's paid event, or the reseller's approval. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The device's new expiry once activated (the soonest of its apps). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ledgerId: integer('ledger_id'),
    /** Why it failed: a message key (the device became lifetime, the app was withdrawn…). */
    failureReason: text('failure_reason'),
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_orders_user_idx').on(t.userId, t.id),
    index('store_orders_waiting_idx').on(t.userId, t.id).where(sql`${t.status} = 'waiting_credit'`),
    index('store_orders_customer_idx').on(t.customerId),
  ],
);

/** The Stripe events a store has acted on, by Stripe's id: a redelivery is answered without acting again. */
export const storeStripeEvents = pgTable(
  'store_stripe_events',
  {
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.eventId] })],
);

/**
 * A customer reminder (issue 44): one row per device, expiry and milestone, claimed by the node that
 * sends it (the unique key makes the claim once across nodes). A renewed device has a new expiry, so
 * its milestones start again.
 */
export const customerReminders = pgTable(
  'customer_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The expiry the milestone is counted from. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    phase: text('phase', { enum: ['before', 'after'] }).notNull(),
    days: integer('days').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Per channel: 'sent', 'failed', or null when the customer has no such channel. */
    emailStatus: text('email_status'),
    telegramStatus: text('telegram_status'),
  },
  (t) => [
    uniqueIndex('customer_reminders_milestone_idx').on(t.customerId, t.deviceId, t.expiresAt, t.phase, t.days),
    index('customer_reminders_user_idx').on(t.userId, t.id),
  ],
);

/** The Telegram updates a store's bot has acted on, by Telegram's `update_id`: a redelivery is answered without acting. */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.updateId] })],
);

/** The reseller's daily Telegram digest: one per store and day, claimed by the node that sends it. */
export const storefrontDigests = pgTable(
  'storefront_digests',
  {
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.day] })],
);

export const schema = {
  paymentPlans,
  paymentOrders,
  permissions,
  roles,
  rolePermissions,
  users,
  sessions,
  knownDevices,
  emailTokens,
  rateLimits,
  auditLog,
  settings,
  socialWidgets,
  notifications,
  notificationReads,
  applications,
  resellerApplications,
  creditLedger,
  idempotentRequests,
  devices,
  activations,
  playlists,
  activationCodes,
  tickets,
  ticketComments,
  apkPlans,
  expiryReminders,
  totpFactors,
  recoveryCodes,
  loginChallenges,
  passkeys,
  webauthnChallenges,
  webhookEndpoints,
  webhookEvents,
  webhookDeliveries,
  webhookAttempts,
  apiKeys,
  apiKeySpend,
  insightDaily,
  insightRunway,
  insightExpiryDaily,
  insightCodeSales,
  insightMemo,
  insightGeneration,
  insightPending,
  outbox,
  refusalDaily,
  storefronts,
  customers,
  customerDevices,
  storeOrders,
  storeStripeEvents,
  customerReminders,
  telegramUpdates,
  storefrontDigests,
  storefrontProducts,
};
