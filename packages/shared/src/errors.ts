/**
 * Every error code the API answers in `{ error: code }` and its one HTTP status: the server takes the
 * status from here (AppError), never from the throw site. The web app translates every code (all four languages).
 */
export const ERROR_CATALOGUE = {
  // seed 000 §8
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 502,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 502,
  ERR_DELETE_WAPP_MSG: 502,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 409,
  ERR_FETCH_WAPP_MSG: 502,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_QUEUE_NAME_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_OUT_OF_HOURS: 409,
  // Atendo's own (decided where the seeds say "not shown")
  /** The access token's time is over, the session is not: refresh and retry once (seed 000 §4: 401 signs out, 403 refreshes). */
  ERR_TOKEN_EXPIRED: 403,
  ERR_VALIDATION: 400,
  ERR_NOT_FOUND: 404,
  ERR_INTERNAL: 500,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_RANGE_NOT_SATISFIABLE: 416,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_COMPANY_INACTIVE: 403,
  ERR_PLAN_FEATURE_DISABLED: 403,
  ERR_PLAN_LIMIT_REACHED: 403,
  ERR_SUPER_ONLY: 403,
  ERR_SIGNUP_DISABLED: 403,
  ERR_EMAIL_ALREADY_EXISTS: 409,
  ERR_COMPANY_ALREADY_EXISTS: 409,
  ERR_INVALID_PLAN: 400,
  ERR_FILE_TOO_LARGE: 413,
  ERR_INVALID_FILE_TYPE: 400,
  /** ffmpeg could not convert an audio (a voice note for its channel, an ogg for iOS playback). */
  ERR_AUDIO_CONVERSION: 422,
  ERR_NO_MEDIA_FOUND: 404,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_PLAN_IN_USE: 409,
  ERR_PLAN_ALREADY_EXISTS: 409,
  ERR_NO_HELP_FOUND: 404,
  ERR_PLATFORM_COMPANY: 409,
  ERR_CONFIRMATION_MISMATCH: 400,
  /** Erasing a contact already erased (LGPD, docs/privacy.md). */
  ERR_CONTACT_ERASED: 409,
  ERR_INVALID_WEBHOOK_SIGNATURE: 401,
  ERR_TICKET_STATE: 409,
  ERR_MESSAGE_EDIT_WINDOW: 409,
  /** Retrying a send that is not failed (sent, waiting, or already sent again). */
  ERR_MESSAGE_NOT_FAILED: 409,
  ERR_CHANNEL_NOT_SUPPORTED: 409,
  ERR_OUTSIDE_24H_WINDOW: 400,
  ERR_TICKET_REQUIRES_TAG: 409,
  ERR_NO_MESSAGE_FOUND: 404,
  ERR_NO_TAG_FOUND: 404,
  ERR_NO_CHAT_FOUND: 404,
  ERR_INVALID_API_TOKEN: 401,
  ERR_API_WHATSAPP_ONLY: 400,
  ERR_TAG_ALREADY_EXISTS: 409,
  ERR_QUICK_MESSAGE_ALREADY_EXISTS: 409,
  ERR_FACEBOOK_LOGIN: 400,
  ERR_OPENAI_KEY_MISSING: 400,
  ERR_TRANSCRIPTION_FAILED: 502,
  /** AI co-pilot (docs/ai.md): the company has no AI prompt with an OpenAI key to pay for the call. */
  ERR_AI_KEY_MISSING: 400,
  /** The AI provider refused the company's key (HTTP 401/403). */
  ERR_AI_KEY_INVALID: 502,
  /** The AI provider's own rate limit or quota (HTTP 429). */
  ERR_AI_RATE_LIMITED: 429,
  /** The AI provider did not answer in time. */
  ERR_AI_TIMEOUT: 504,
  /** The AI provider failed otherwise (5xx, unreachable, an answer without text). */
  ERR_AI_PROVIDER_FAILED: 502,
  /** Nothing to suggest from or summarise: the conversation has no text yet. */
  ERR_AI_NOTHING_TO_READ: 400,
  ERR_INVALID_RECOVERY_CODE: 400,
  /** Recovery cannot send a code to anybody (no usable default connection on the platform company): said to every number alike. */
  ERR_RECOVERY_UNAVAILABLE: 503,
  ERR_NO_INVOICE_FOUND: 404,
  ERR_INVOICE_ALREADY_PAID: 409,
  ERR_PAYMENT_NOT_CONFIGURED: 409,
  ERR_PAYMENT_PROVIDER: 502,
  ERR_NO_CONTACT_LIST_FOUND: 404,
  ERR_NO_CAMPAIGN_FOUND: 404,
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  ERR_CAMPAIGN_STATE: 409,
  ERR_URL_NOT_ALLOWED: 400,
  ERR_EXTERNAL_REQUEST_FAILED: 502,
  ERR_WEBHOOK_PAUSED: 409,
  /** Templates of a Cloud API connection without its WhatsApp Business Account id (or token). */
  ERR_TEMPLATES_NO_ACCOUNT: 400,
  /** Meta refused or did not answer the template listing; `details.reason` says why. */
  ERR_TEMPLATES_SYNC_FAILED: 502,
  ERR_TEMPLATE_NOT_FOUND: 404,
  /** The template exists but Meta has not approved it (pending, rejected, paused, disabled). */
  ERR_TEMPLATE_NOT_APPROVED: 409,
  /** A value of a template's variable is empty once filled for a recipient (a campaign's list row without an e-mail). */
  ERR_TEMPLATE_PARAMETERS: 400,
  /**
   * A campaign on a Cloud API connection without a template in every variant, while some recipients' 24-hour window
   * is closed (`details.closed`: how many): Meta would refuse each free text with 131047 (issue 36).
   */
  ERR_CAMPAIGN_TEMPLATE_REQUIRED: 409,
  /** Two-factor sign-in (issue 34): a wrong, expired or already used code; 400, not 401, so a signed-in enrolment stays signed in. */
  ERR_INVALID_TWO_FACTOR_CODE: 400,
  /** The sign-in's second step came too late (its challenge lasts minutes) or was forged: start again with the password. */
  ERR_TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  ERR_TWO_FACTOR_ALREADY_ENABLED: 409,
  ERR_TWO_FACTOR_NOT_ENABLED: 409,
  /** The company (or the platform, for admins) requires the second factor: it cannot be turned off. */
  ERR_TWO_FACTOR_REQUIRED: 409,
  /** A signed-in user's password, asked again before a sensitive change, is wrong (400: it does not end the session). */
  ERR_WRONG_PASSWORD: 400,
  ERR_NO_SESSION_FOUND: 404,
} as const satisfies Record<string, 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 416 | 422 | 429 | 500 | 502 | 503 | 504>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
/** The HTTP status of a code (of each code of a union). */
export type ErrorStatus<C extends ErrorCode = ErrorCode> = (typeof ERROR_CATALOGUE)[C];

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function errorStatus<C extends ErrorCode>(code: C): ErrorStatus<C> {
  return ERROR_CATALOGUE[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** Body of every error answer. `fields` only on ERR_VALIDATION; `details` carries structured extras (e.g. ERR_OTHER_OPEN_TICKET). */
export interface ErrorBody {
  error: ErrorCode | string;
  fields?: { path: string; message: string }[];
  details?: Record<string, unknown>;
}
