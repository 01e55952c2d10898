import { ChannelError } from '../types';

/**
 * Graph API error codes after which the same request will never succeed: the message is marked failed at once.
 * (Meta's "Cloud API error codes" reference.)
 */
const PERMANENT_CODES = new Set([
  0, // AuthException
  3, // capability missing
  10, // permission denied
  100, // invalid parameter
  190, // access token expired / invalid
  200, // permission
  368, // temporarily blocked for policy violations
  470, // (old) re-engagement window
  131005, // access denied
  131008, // required parameter missing
  131009, // parameter value invalid
  131021, // recipient cannot be sender
  131026, // message undeliverable
  131030, // recipient not in allowed list (test numbers)
  131031, // business account locked
  131042, // payment problem
  131045, // certificate / registration problem
  131047, // re-engagement: more than 24 h since the customer's last message
  131049, // Meta chose not to deliver (per-user marketing limit)
  131051, // unsupported message type
  131052, // media download error
  131053, // media upload error
  132000, // template parameter count mismatch
  132001, // template does not exist
  132005, // template hydrated text too long
  132007, // template format policy violated
  132012, // template parameter format mismatch
  132015, // template paused
  132016, // template disabled
  133010, // phone number not registered
  135000, // generic user error
]);

/** Codes that mean "not now": throttling, transient outage. */
const RETRYABLE_CODES = new Set([
  1, // unknown API error
  2, // service temporarily unavailable
  4, // app-level rate limit
  17, // user-level rate limit
  341, // application limit reached
  80007, // WABA rate limit
  130429, // Cloud API throughput reached
  131000, // something went wrong
  131016, // service unavailable
  131048, // spam rate limit
  131056, // too many messages to the same user in a short time
  131057, // account in maintenance mode
  133004, // server temporarily unavailable
]);

/** Decides whether a failed Graph API call may succeed on a later attempt. */
export function isRetryableGraphFailure(httpStatus: number, code?: number): boolean {
  if (code !== undefined && RETRYABLE_CODES.has(code)) return true;
  if (code !== undefined && PERMANENT_CODES.has(code)) return false;
  if (httpStatus === 429 || httpStatus === 408 || httpStatus >= 500) return true;
  return false;
}

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: { messaging_product?: string; details?: string };
  fbtrace_id?: string;
}

/** A Graph API call that answered with an error, or never answered (`httpStatus` 0). */
export class GraphApiError extends ChannelError {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly graphCode: number | undefined,
    retryable: boolean,
    readonly details?: string,
    readonly fbtraceId?: string,
    retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(
      message,
      retryable,
      graphCode !== undefined ? String(graphCode) : httpStatus ? `HTTP_${httpStatus}` : 'NETWORK',
      retryAfterMs,
      options,
    );
  }

  static fromResponse(httpStatus: number, body: unknown, retryAfter?: string | null): GraphApiError {
    const err = (typeof body === 'object' && body !== null ? (body as { error?: GraphErrorBody }).error : undefined) ?? {};
    const code = typeof err.code === 'number' ? err.code : undefined;
    const details = err.error_data?.details ?? err.error_user_msg;
    const title = err.message ?? `HTTP ${httpStatus}`;
    const message = details && details !== title ? `${title}: ${details}` : title;
    // "(10/2018278)": the subcode tells some codes apart (Messenger's 10 outside the 24-hour window); shared sendFailureReason reads it
    const subcode = typeof err.error_subcode === 'number' ? `/${err.error_subcode}` : '';
    return new GraphApiError(
      code !== undefined ? `${message} (${code}${subcode})` : message,
      httpStatus,
      code,
      isRetryableGraphFailure(httpStatus, code),
      details,
      err.fbtrace_id,
      parseRetryAfter(retryAfter),
    );
  }

  static network(cause: unknown): GraphApiError {
    const timeout = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    const why = cause instanceof Error ? cause.message : String(cause);
    return new GraphApiError(
      timeout ? 'Graph API request timed out' : `Graph API unreachable: ${why}`,
      0,
      undefined,
      true,
      undefined,
      undefined,
      undefined,
      { cause },
    );
  }
}

function parseRetryAfter(v: string | null | undefined): number | undefined {
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
