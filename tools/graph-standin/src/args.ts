/** Tiny `--flag value` / `--flag=value` / `--switch` parser for the CLIs. */
export function parseArgs(argv: string[], booleans: readonly string[] = []) {
  const flags: Record<string, string | true> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      rest.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    if (eq > 0) {
      flags[a.slice(2, eq)] = a.slice(eq + 1);
      continue;
    }
    const name = a.slice(2);
    const next = argv[i + 1];
    if (booleans.includes(name) || next === undefined || next.startsWith('--')) flags[name] = true;
    else {
      flags[name] = next;
      i++;
    }
  }
  const get = (name: string, env?: string, fallback?: string): string | undefined => {
    const v = flags[name];
    if (typeof v === 'string') return v;
    if (env && process.env[env]) return process.env[env];
    return fallback;
  };
  return { flags, rest, get, has: (name: string) => name in flags };
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
