import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { defaultedField, idParam, noNul, optionalField, pageNumberField, pageSizeField } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';

/** The application catalogue (business-panel.md §3, §5, §7 "Applications"). */

export const APP_NAME_MAX_LENGTH = 100;
export const APP_URL_MAX_LENGTH = 2048;
export const APP_PHONE_MAX_LENGTH = 30;
export const APP_TAGLINE_MAX_LENGTH = 255;
export const APP_DESCRIPTION_MAX_LENGTH = 5000;

/** The columns the App list sorts by; anything else is refused rather than reaching SQL. */
export const APPLICATION_SORT_KEYS = ['id', 'app_name', 'app_place_location', 'app_email', 'app_phone', 'trial_days', 'created_at'] as const;
export type ApplicationSortKey = (typeof APPLICATION_SORT_KEYS)[number];

export const appNameField = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(APP_NAME_MAX_LENGTH, 'validation.tooLong'), noNul);

/**
 * The app URL (required, http or https). Every failure of this field reads 'Please enter a valid
 * URL', as the specification's Application save handling shows it (§8).
 */
export const appUrlField = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'validation.urlInvalid'), z.maxLength(APP_URL_MAX_LENGTH, 'validation.urlInvalid'), noNul),
  z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, message: 'validation.urlInvalid' }),
);

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, 'validation.tooLong'), noNul));

/** Empty is allowed (the field is optional); anything else must be an e-mail address. */
const optionalEmail = z.optional(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(EMAIL_MAX_LENGTH, 'validation.tooLong'),
      z.refine((v) => v === '' || z.regexes.email.test(v), 'validation.emailInvalid'),
    ),
);

const optionalPhone = z.optional(
  z
    .string()
    .check(z.trim(), z.maxLength(APP_PHONE_MAX_LENGTH, 'validation.tooLong'), z.regex(/^[+\d\s().-]*$/, 'validation.phoneInvalid')),
);

/** POST /api/create-applications: the text parts of the multipart body (the logo is the `appLogo` file part). */
export const applicationCreateFields = z.object({
  appName: appNameField,
  appPlaceLocation: appUrlField,
});
export type ApplicationCreateFields = z.infer<typeof applicationCreateFields>;

/** PUT /api/update-applications/:id. */
export const applicationUpdateBody = z.object({
  appName: appNameField,
  appPlaceLocation: appUrlField,
  appPhone: optionalPhone,
  appEmail: optionalEmail,
  appTagLine: optionalText(APP_TAGLINE_MAX_LENGTH),
  appDescription: optionalText(APP_DESCRIPTION_MAX_LENGTH),
});
export type ApplicationUpdateBody = z.infer<typeof applicationUpdateBody>;

/** PUT /api/applications/:id/visibility (this panel's addition): hidden applications are offered for no new activation. */
export const applicationVisibilityBody = z.object({ hidden: z.boolean() });
export type ApplicationVisibilityBody = z.infer<typeof applicationVisibilityBody>;

export const applicationsQuery = z.object({
  page_number: pageNumberField,
  page_size: pageSizeField,
  /** Ignored below 3 characters. */
  search_title: optionalField(z.string().check(z.maxLength(100, 'validation.tooLong'), noNul)),
  sort_key: defaultedField(z.enum(APPLICATION_SORT_KEYS), 'id'),
  sort_type: defaultedField(z.enum(['asc', 'desc']), 'desc'),
});
export type ApplicationsQuery = z.infer<typeof applicationsQuery>;
export type ApplicationsParams = z.input<typeof applicationsQuery>;

export const application = z.object({
  id: z.number(),
  app_name: z.string(),
  app_logo: z.nullable(z.string()),
  app_place_location: z.nullable(z.string()),
  app_phone: z.nullable(z.string()),
  app_email: z.nullable(z.string()),
  app_tagline: z.nullable(z.string()),
  app_description: z.nullable(z.string()),
  trial_days: z.number(),
  needs_device_key: z.boolean(),
  hidden: z.boolean(),
  /** Resellers allowed this application: one or more means it cannot be deleted, only hidden. */
  resellers_count: z.number(),
  created_at: z.string(),
});
export type Application = z.infer<typeof application>;

/** What a reseller may activate: GET /api/fetch-allowed-applications. */
export const allowedApplicationListItem = z.object({
  id: z.number(),
  app_name: z.string(),
  app_logo: z.nullable(z.string()),
  app_place_location: z.nullable(z.string()),
  /** Resetting its playlists needs the device key (BOBPLAYER and IBOPLAYER, business-panel.md §9). */
  needs_device_key: z.boolean(),
});
export type AllowedApplicationListItem = z.infer<typeof allowedApplicationListItem>;

export const allowedApplicationsAnswer = ok({ data: z.object({ ApplicationList: z.array(allowedApplicationListItem) }) });
export type AllowedApplicationsAnswer = z.infer<typeof allowedApplicationsAnswer>;

export const applicationsAnswer = ok({
  data: z.object({
    ApplicationList: z.array(application),
    pagination: z.object({ current_page: z.number(), per_page: z.number(), last_page: z.number(), total: z.number() }),
  }),
});
export type ApplicationsAnswer = z.infer<typeof applicationsAnswer>;

export const applicationAnswer = ok({ data: application });
export type ApplicationAnswer = z.infer<typeof applicationAnswer>;

export const applicationLogoAnswer = ok({ data: z.object({ app_logo: z.string() }) });
export type ApplicationLogoAnswer = z.infer<typeof applicationLogoAnswer>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['applications'];
/** Who may open an application's form: the list's row actions, or adding applications. */
export const APPLICATION_EDITORS = ['actions-app-list', 'add-module'] as const;
export const APPLICATION_READERS = ['app-list', 'actions-app-list', 'add-module'] as const;

export const allowedApplicationsEndpoint = endpoint({ method: 'GET', path: '/fetch-allowed-applications', tags, answer: allowedApplicationsAnswer });

export const applicationsEndpoint = endpoint({
  method: 'GET',
  path: '/get-applications',
  tags,
  permission: 'app-list',
  query: applicationsQuery,
  answer: applicationsAnswer,
});

export const applicationEndpoint = endpoint({
  method: 'GET',
  path: '/get-application/:id',
  tags,
  permission: APPLICATION_READERS,
  params: idParam,
  answer: applicationAnswer,
});

/** Multipart: the logo is a file part beside the text fields. */
export const createApplicationEndpoint = endpoint({
  method: 'POST',
  path: '/create-applications',
  tags,
  permission: 'add-module',
  description: 'multipart/form-data: appName, appPlaceLocation and an optional appLogo file (PNG, JPEG, WebP or SVG, at most 2 MB).',
  body: applicationCreateFields,
  answer: applicationAnswer,
  status: 201,
});

export const updateApplicationEndpoint = endpoint({
  method: 'PUT',
  path: '/update-applications/:id',
  tags,
  permission: APPLICATION_EDITORS,
  params: idParam,
  body: applicationUpdateBody,
  answer: applicationAnswer,
});

export const uploadApplicationLogoEndpoint = endpoint({
  method: 'POST',
  path: '/application/:id/upload-logo',
  tags,
  permission: APPLICATION_EDITORS,
  description: 'multipart/form-data: the appLogo file (PNG, JPEG, WebP or SVG, at most 2 MB), checked by content.',
  params: idParam,
  answer: applicationLogoAnswer,
});

export const deleteApplicationEndpoint = endpoint({
  method: 'DELETE',
  path: '/delete-applications/:id',
  tags,
  permission: 'remove-app',
  description: 'An application allowed to resellers or with registered devices cannot be deleted: 409 APPLICATION_IN_USE; hide it instead.',
  params: idParam,
  answer: okEnvelope,
});

export const setApplicationVisibilityEndpoint = endpoint({
  method: 'PUT',
  path: '/applications/:id/visibility',
  tags,
  permission: ['remove-app', 'actions-app-list'],
  description:
    "This panel's addition to the specification: hide an application (it stays on existing devices, but is offered for no new activation) or show it again.",
  params: idParam,
  body: applicationVisibilityBody,
  answer: applicationAnswer,
});
