/** A small time-bounded memo for lookups every event needs; a change is seen within `ttlMs`. */
export function ttlMemo<K, V>(load: (key: K) => Promise<V>, ttlMs: number, max = 1000) {
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (entries.size >= max) entries.clear();
    const value = load(key);
    entries.set(key, { at: now, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}
