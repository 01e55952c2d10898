import { describe, expect, it } from 'vitest';
import { buildTheme } from './buildTheme';

describe('the theme and the system motion preference', () => {
  it('"reduce motion" makes transitions instant and buttons ripple-free; otherwise MUI keeps its own', () => {
    const calm = buildTheme('light', '#1976d2', 'pt', true);
    expect(calm.transitions.create(['opacity'])).toBe('none');
    expect(calm.transitions.duration.enteringScreen).toBe(0);
    expect(calm.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);

    const moving = buildTheme('light', '#1976d2', 'pt');
    expect(moving.transitions.create(['opacity'])).toMatch(/^opacity \d+ms/);
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.components?.MuiButtonBase).toBeUndefined();
  });
});
