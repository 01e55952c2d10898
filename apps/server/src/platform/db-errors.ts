/** PostgreSQL (and PGlite) unique violation, optionally of a named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e = err as { code?: string; constraint?: string; cause?: unknown; message?: string } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') {
      return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
    }
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * A database refusal caused by the input rather than by the code: data exceptions (class 22: a NUL or
 * bad encoding in text, a number or date out of range, text that is not a number) and program limits
 * (54xxx: an index row too large). Answered 400, never 500.
 */
export function isBadInputDbError(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
