import { describe, expect, it } from 'vitest';
import { unusedColor } from './unusedColor';

describe('unusedColor', () => {
  it('offers the first palette colour no queue uses, compared without case', () => {
    expect(unusedColor([])).toBe('#2196f3');
    expect(unusedColor(['#2196F3'])).toBe('#4caf50');
    expect(unusedColor(['#4caf50', '#2196f3'])).toBe('#ff9800');
  });

  it('still offers a free colour when every palette colour is taken', () => {
    const used: string[] = [];
    for (let i = 0; i < 60; i++) {
      const next = unusedColor(used);
      expect(next).toMatch(/^#[0-9a-f]{6}$/);
      expect(used).not.toContain(next);
      used.push(next);
    }
  });
});
