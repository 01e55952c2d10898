import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

describe('web data access (issue 15 item 6)', () => {
  it('query keys come from the domain key factories, never written inline', () => {
    const inline = files
      .filter((f) => !f.path.endsWith('keys.ts') && !f.path.endsWith('useInfiniteSearch.ts'))
      .filter((f) => /queryKey:\s*\[/.test(f.text))
      .map((f) => f.path);
    expect(inline).toEqual([]);
  });

  it('components call the API only through hooks', () => {
    const direct = files
      .filter((f) => f.path.endsWith('.tsx'))
      .filter((f) => /\bapi\.(get|post|put|delete|patch)\b/.test(f.text))
      .map((f) => f.path);
    expect(direct).toEqual([]);
  });
});
