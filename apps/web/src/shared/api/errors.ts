import { isErrorCode, sendFailureReason } from '@atendo/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import i18n from '../i18n';
import { toast } from '../toast';
import { ApiError } from './client';

/**
 * The text for an error (seed 000 §8): a known code → its translation; unknown text → as is;
 * nothing readable → the generic 'An error occurred!'.
 */
export function errorMessage(err: unknown): string {
  const code = err instanceof ApiError ? err.code : typeof err === 'string' ? err : undefined;
  if (code && isErrorCode(code)) {
    if (code === 'ERR_VALIDATION' && err instanceof ApiError && err.body?.fields?.length) {
      const field = err.body.fields[0];
      const message = field.message.startsWith('validation.') ? i18n.t(field.message) : field.message;
      return `${i18n.t('errors.ERR_VALIDATION')} ${field.path ? `(${field.path}) ` : ''}${message}`.trim();
    }
    // a code's text may name what its details carry ({{closed}} recipients …)
    return i18n.t(`errors.${code}`, err instanceof ApiError ? (err.body?.details ?? {}) : {});
  }
  if (code && code !== 'network') return code;
  if (err instanceof ApiError && err.status === 0) return i18n.t('errors.network');
  return i18n.t('errors.generic');
}

/**
 * "<what failed> (<why>)" for a form's failure toast — one sentence when the two say the same: the plans' and companies'
 * saveFailed is the very text of ERR_PLAN_ALREADY_EXISTS, and the toast said it twice (issue 30 item 12).
 */
export function failureMessage(what: string, err: unknown): string {
  const why = errorMessage(err);
  if (what.includes(why)) return what;
  if (why.includes(what)) return why;
  return `${what} (${why})`;
}

/** The one shared error toaster every feature uses. */
export function toastError(err: unknown): void {
  toast.error(errorMessage(err));
}

/**
 * Puts the server's ERR_VALIDATION field messages (i18n keys) on a form (react-hook-form's setError, or any setter of
 * that shape); true when any was placed.
 */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  /** The form's fields; without it every field is placed at its own path. */
  known?: readonly string[],
): boolean {
  if (!(err instanceof ApiError) || err.code !== 'ERR_VALIDATION' || !err.body?.fields) return false;
  let placed = false;
  for (const field of err.body.fields) {
    // 'contactIds.0' lands on 'contactIds' when only the field itself is on the form
    const path = !known || known.includes(field.path) ? field.path : field.path.split('.')[0];
    if (!known || known.includes(path)) {
      setError(path as Path<T>, { type: 'server', message: field.message });
      placed = true;
    }
  }
  return placed;
}

/** The server's ERR_VALIDATION messages of the fields under `prefix`, keyed by the rest of their path (a list's rows). */
export function fieldErrorsUnder(err: unknown, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  applyFieldErrors<Record<string, string>>(err, (path, e) => {
    if (path.startsWith(prefix)) out[path.slice(prefix.length)] = e.message ?? '';
  });
  return out;
}

/**
 * Why a send failed (a campaign recipient, a schedule), in the user's language: the reason read from Meta's code
 * (131047, 132001 …) or one of our error codes; the provider's own words when neither says more.
 */
export function sendFailureText(failure: string | null | undefined): string {
  if (!failure) return '';
  const reason = sendFailureReason(failure);
  if (reason && reason !== 'generic') return i18n.t(`tickets.message.failure.${reason}`);
  return isErrorCode(failure) ? i18n.t(`errors.${failure}`, { closed: '' }) : failure;
}
