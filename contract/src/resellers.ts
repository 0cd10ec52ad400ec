import * as z from 'zod/mini';
import { emailField, idNumber, idParam, nameField, noNul, optionalField, pageNumberField, pageSizeField, profilePasswordField } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { setSocialWidgetBody, socialWidgetAnswer } from './notifications.js';
import type { Permission } from './permissions.js';

/** A keyword; under 3 characters it is ignored by the server (business-panel.md §5). */
const keyword = optionalField(z.string().check(z.maxLength(100, 'validation.tooLong'), noNul));

/** Columns the reseller lists sort by; anything else is refused rather than reaching SQL. */
export const RESELLER_SORT_KEYS = ['id', 'name', 'email', 'credit_point', 'created_at', 'status', 'last_login_time'] as const;
export type ResellerSortKey = (typeof RESELLER_SORT_KEYS)[number];
const sortKey = optionalField(z.enum(RESELLER_SORT_KEYS, 'validation.invalid'));
const sortType = optionalField(z.enum(['asc', 'desc', 'ASC', 'DESC'], 'validation.invalid'));

export const resellersQuery = z.object({
  search_title: keyword,
  page_number: pageNumberField,
  page_size: pageSizeField,
  sort_key: sortKey,
  sort_type: sortType,
});
export type ResellersQuery = z.infer<typeof resellersQuery>;

/** The sub-reseller list names its paging fields differently (business-panel.md §7). */
export const subResellersQuery = z.object({
  page: pageNumberField,
  pageSize: pageSizeField,
  search: keyword,
  sort_key: sortKey,
  sort_type: sortType,
});
export type SubResellersQuery = z.infer<typeof subResellersQuery>;

export const switchAssignQuery = z.object({ query: keyword });
export type SwitchAssignQuery = z.infer<typeof switchAssignQuery>;

const applicationIds = z
  .array(idNumber())
  .check(z.minLength(1, 'validation.applicationsRequired'), z.maxLength(500, 'validation.tooBig'));

/** Add reseller and add sub-reseller: name, e-mail and at least one application (§5). */
export const addResellerBody = z.object({
  requestData: z.object({ name: nameField, email: emailField, application_allowed: applicationIds }),
});
export type AddResellerBody = z.infer<typeof addResellerBody>;

const statusValue = z.union([z.literal(0), z.literal(1)], 'validation.invalid');

/** Edit reseller: a password only when one is typed; applications only with 'edit-allowed-applications'. */
export const editResellerBody = z.object({
  requestData: z.object({
    name: nameField,
    email: emailField,
    password: optionalField(profilePasswordField),
    application_allowed: optionalField(applicationIds),
    status: optionalField(statusValue),
  }),
});
export type EditResellerBody = z.infer<typeof editResellerBody>;

/** Change password (§5): the rule, then a confirmation that is present and equal ("do not match" only when one was typed). */
export const resellerPasswordBody = z.object({
  requestData: z.object({ password: profilePasswordField, password_confirmation: z.optional(z.string()) }).check(
    z.superRefine((v, ctx) => {
      if (!v.password_confirmation) {
        ctx.addIssue({ code: 'custom', message: 'validation.passwordConfirmationRequired', path: ['password_confirmation'], input: v });
      } else if (v.password !== v.password_confirmation) {
        ctx.addIssue({ code: 'custom', message: 'validation.passwordsMustMatch', path: ['password_confirmation'], input: v });
      }
    }),
  ),
});
export type ResellerPasswordBody = z.infer<typeof resellerPasswordBody>;

const resellerIdField = idNumber('validation.invalid');

export const resellerIdBody = z.object({ requestData: z.object({ resellerId: resellerIdField }) });
export type ResellerIdBody = z.infer<typeof resellerIdBody>;

export const assignResellerBody = z.object({
  requestData: z.object({
    subResellerId: resellerIdField,
    resellerId: idNumber('validation.resellerRequired'),
  }),
});
export type AssignResellerBody = z.infer<typeof assignResellerBody>;

export const changeResellerRoleBody = z.object({ role_id: idNumber('validation.roleRequired') });
export type ChangeResellerRoleBody = z.infer<typeof changeResellerRoleBody>;

export const allowedApplication = z.object({ id: z.number(), app_name: z.string() });

const personRef = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** One row of the reseller lists: the specification's Reseller entity (business-panel.md §3). */
export const resellerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  old_email: z.nullable(z.string()),
  credit_point: z.number(),
  /** Passcodes are stored hashed: a mask when one is set and the caller holds 'Credit Passcode', else null. */
  credit_share_passcode: z.nullable(z.string()),
  logo_path: z.nullable(z.string()),
  isSubReseller: z.number(),
  group_id: z.number(),
  role_name: z.string(),
  parent_reseller_id: z.nullable(z.number()),
  parent_reseller: z.nullable(personRef),
  created_at: z.string(),
  last_login_time: z.nullable(z.string()),
  /** Only for a caller holding 'Login Ip'. */
  login_ip: z.nullable(z.string()),
  status: z.number(),
  is_disable_by_admin: z.number(),
  created_by: z.nullable(z.number()),
  application_allowed: z.array(allowedApplication),
  total_boxes_activated: z.number(),
  api_access: z.number(),
  deleted_at: z.nullable(z.string()),
  /** The account has a second factor on (our addition: the list offers "Reset second factor" only then). */
  two_factor: z.optional(z.boolean()),
  /** Invited, not yet signed up (our addition): the account has not chosen its password yet, so the list shows "Invited", not its status. */
  invited: z.boolean(),
});
export type ResellerRow = z.infer<typeof resellerRow>;

export const resellersAnswer = ok({
  data: z.object({ data: z.array(resellerRow) }),
  meta: z.object({ current_page: z.number(), last_page: z.number(), total: z.number(), per_page: z.number() }),
});
export type ResellersAnswer = z.infer<typeof resellersAnswer>;

export const resellersCountAnswer = ok({ meta: z.object({ total: z.number() }) });

export const subResellersAnswer = ok({
  data: z.object({ IBOReseller: z.array(resellerRow), reseller: personRef }),
  pagination: z.object({ currentPage: z.number(), totalPages: z.number(), totalItems: z.number() }),
});
export type SubResellersAnswer = z.infer<typeof subResellersAnswer>;

export const resellerCandidatesAnswer = ok({ data: z.object({ IBOReseller: z.array(personRef) }) });

export const subResellerDetailAnswer = ok({
  data: z.object({
    IBOReseller: z.object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      parent_reseller_id: z.nullable(z.number()),
      parent_reseller: z.nullable(personRef),
    }),
  }),
});

export const parentResellerAnswer = ok({ data: personRef });

/** Show reseller: `application_allowed` travels as a JSON string of ids, as the specification says. */
export const showResellerAnswer = ok({
  data: z.object({ id: z.number(), name: z.string(), email: z.string(), application_allowed: z.string(), status: z.number() }),
});

export const createdResellerAnswer = ok({ data: z.object({ id: z.number() }) });

export const assignResellerAnswer = ok({ httpCode: z.string() });

export const logoAnswer = ok({ data: z.object({ logo_path: z.string() }) });

export const apiKeyAnswer = ok({ data: z.object({ api_key: z.string(), api_access: z.number() }) });
export const apiAccessAnswer = ok({ data: z.object({ api_access: z.number() }) });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['resellers'];
/** Who reads the reseller list. */
const listReaders: readonly Permission[] = ['reseller-list', 'show-reseller-list'];
/** Who moves a sub-reseller to another parent (switch and assign). */
const movers: readonly Permission[] = ['switch-reseller', 'assign-reseller'];

export const listResellersEndpoint = endpoint({
  method: 'GET',
  path: '/total-resellers/list',
  tags,
  permission: listReaders,
  query: resellersQuery,
  answer: resellersAnswer,
});

export const deletedResellersEndpoint = endpoint({
  method: 'GET',
  path: '/deleted-resellers/list',
  tags,
  permission: 'deleted-reseller-list',
  query: resellersQuery,
  answer: resellersAnswer,
});

export const countResellersEndpoint = endpoint({
  method: 'GET',
  path: '/counting-resellers/totalCount',
  tags,
  permission: listReaders,
  answer: resellersCountAnswer,
});

export const reactivateResellerEndpoint = endpoint({
  method: 'POST',
  path: '/reactivate-resellers',
  tags,
  permission: 'reactivate-reseller',
  body: resellerIdBody,
  answer: okEnvelope,
});

export const addResellerEndpoint = endpoint({
  method: 'POST',
  path: '/add-resellers',
  tags,
  permission: 'add-reseller',
  body: addResellerBody,
  answer: createdResellerAnswer,
  status: 201,
});

export const addSubResellerEndpoint = endpoint({
  method: 'POST',
  path: '/add-subreseller',
  tags,
  permission: 'add-sub-reseller',
  body: addResellerBody,
  answer: createdResellerAnswer,
  status: 201,
});

export const showResellerEndpoint = endpoint({
  method: 'GET',
  path: '/show-resellers/:id',
  tags,
  permission: 'edit-reseller',
  params: idParam,
  answer: showResellerAnswer,
});

export const editResellerEndpoint = endpoint({
  method: 'PUT',
  path: '/resellers/:id/edit',
  tags,
  permission: 'edit-reseller',
  params: idParam,
  body: editResellerBody,
  answer: okEnvelope,
});

export const changeResellerPasswordEndpoint = endpoint({
  method: 'PUT',
  path: '/resellers/:id/change-password',
  tags,
  permission: 'edit-reseller',
  params: idParam,
  body: resellerPasswordBody,
  answer: okEnvelope,
});

export const removeResellerEndpoint = endpoint({
  method: 'POST',
  path: '/resellers/remove',
  tags,
  permission: 'remove-reseller',
  body: resellerIdBody,
  answer: okEnvelope,
});

export const promoteSubResellerEndpoint = endpoint({
  method: 'POST',
  path: '/privilege-resellers/change-role',
  tags,
  permission: 'update-role',
  body: resellerIdBody,
  answer: okEnvelope,
});

export const changeResellerRoleEndpoint = endpoint({
  method: 'POST',
  path: '/change-resellers/:id/role',
  tags,
  permission: ['update-role', 'change-role'],
  params: idParam,
  body: changeResellerRoleBody,
  answer: okEnvelope,
});

export const parentResellerEndpoint = endpoint({
  method: 'GET',
  path: '/show-parent-reseller/:id',
  tags,
  permission: [...movers, 'sub-reseller-list'],
  params: idParam,
  answer: parentResellerAnswer,
});

export const subResellersEndpoint = endpoint({
  method: 'GET',
  path: '/sub-resellers-list/:id',
  tags,
  permission: 'sub-reseller-list',
  params: idParam,
  query: subResellersQuery,
  answer: subResellersAnswer,
});

export const switchAssignCandidatesEndpoint = endpoint({
  method: 'GET',
  path: '/resellers-switch-assign-list',
  tags,
  permission: movers,
  query: switchAssignQuery,
  answer: resellerCandidatesAnswer,
});

export const subResellerDetailEndpoint = endpoint({
  method: 'GET',
  path: '/get-subresellers-by-id/:id',
  tags,
  permission: movers,
  params: idParam,
  answer: subResellerDetailAnswer,
});

/** The client reads success from `httpCode` '200' (business-panel.md §7). */
export const assignResellerEndpoint = endpoint({
  method: 'POST',
  path: '/assign-resellers',
  tags,
  permission: movers,
  body: assignResellerBody,
  answer: assignResellerAnswer,
});

/** A multipart upload: the file in the `logo` field. */
export const uploadResellerLogoEndpoint = endpoint({
  method: 'POST',
  path: '/upload-logo-resellers/:id',
  tags,
  permission: 'Web Logo',
  params: idParam,
  consumes: ['multipart/form-data'],
  answer: logoAnswer,
});

export const resellerApiKeyEndpoint = endpoint({
  method: 'GET',
  path: '/resellers/:id/get-api-key',
  tags,
  permission: 'Api-Control',
  params: idParam,
  answer: apiKeyAnswer,
});

export const enableApiAccessEndpoint = endpoint({
  method: 'POST',
  path: '/resellers/:id/enable-api-access',
  tags,
  permission: 'Api-Control',
  params: idParam,
  answer: apiAccessAnswer,
});

export const disableApiAccessEndpoint = endpoint({
  method: 'POST',
  path: '/resellers/:id/disable-api-access',
  tags,
  permission: 'Api-Control',
  params: idParam,
  answer: apiAccessAnswer,
});

// The social widget: its schemas sit with the notifications (the footer's other content).

const socialWidgetTags = ['social-widget'];

/** The footer's messaging links, for every visitor; null until an admin saves the widget. */
export const publicSocialWidgetEndpoint = endpoint({
  method: 'GET',
  path: '/public/social-widget',
  tags: socialWidgetTags,
  public: true,
  security: [],
  description: "The footer's WhatsApp and Telegram: the admin's, or for a signed-in sub-reseller its parent's when the parent has set one.",
  answer: socialWidgetAnswer,
});

export const getSocialWidgetEndpoint = endpoint({
  method: 'POST',
  path: '/get-social-widget',
  tags: socialWidgetTags,
  permission: 'view-social-widget',
  description: "The caller's own widget (null until saved).",
  answer: socialWidgetAnswer,
});

export const setSocialWidgetEndpoint = endpoint({
  method: 'POST',
  path: '/set-social-widget',
  tags: socialWidgetTags,
  permission: 'view-social-widget',
  description:
    "Saves the caller's widget: WhatsApp in international form (+ country code and digits), Telegram username of 5 to 32 letters, digits or underscores (an optional leading @); an empty field clears it.",
  body: setSocialWidgetBody,
  answer: socialWidgetAnswer,
});
