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
