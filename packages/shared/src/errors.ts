/** Error codes the API answers in `{ error: code }`. The web app translates every one (all four languages). */
export const ERROR_CODES = [
  // seed 000 §8
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_QUEUE_NAME_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_OUT_OF_HOURS',
  // Atendo's own (decided where the seeds say "not shown")
  'ERR_VALIDATION',
  'ERR_NOT_FOUND',
  'ERR_INTERNAL',
  'ERR_PAYLOAD_TOO_LARGE',
  'ERR_UNSUPPORTED_MEDIA_TYPE',
  'ERR_TOO_MANY_REQUESTS',
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_COMPANY_INACTIVE',
  'ERR_PLAN_FEATURE_DISABLED',
  'ERR_PLAN_LIMIT_REACHED',
  'ERR_SUPER_ONLY',
  'ERR_SIGNUP_DISABLED',
  'ERR_EMAIL_ALREADY_EXISTS',
  'ERR_COMPANY_ALREADY_EXISTS',
  'ERR_INVALID_PLAN',
  'ERR_FILE_TOO_LARGE',
  'ERR_INVALID_FILE_TYPE',
  'ERR_NO_MEDIA_FOUND',
  'ERR_NO_QUEUE_FOUND',
  'ERR_NO_COMPANY_FOUND',
  'ERR_NO_PLAN_FOUND',
  'ERR_INVALID_WEBHOOK_SIGNATURE',
  'ERR_TICKET_STATE',
  'ERR_MESSAGE_EDIT_WINDOW',
  'ERR_CHANNEL_NOT_SUPPORTED',
  'ERR_OUTSIDE_24H_WINDOW',
  'ERR_TICKET_REQUIRES_TAG',
  'ERR_NO_MESSAGE_FOUND',
  'ERR_NO_TAG_FOUND',
  'ERR_TAG_ALREADY_EXISTS',
  'ERR_FACEBOOK_LOGIN',
  'ERR_OPENAI_KEY_MISSING',
  'ERR_TRANSCRIPTION_FAILED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Body of every error answer. `fields` only on ERR_VALIDATION; `details` carries structured extras (e.g. ERR_OTHER_OPEN_TICKET). */
export interface ErrorBody {
  error: ErrorCode | string;
  fields?: { path: string; message: string }[];
  details?: Record<string, unknown>;
}
