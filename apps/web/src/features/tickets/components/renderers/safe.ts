/** Reading fields of a payload that may be malformed: wrong types read as absent, never throw. */
export const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
export const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
