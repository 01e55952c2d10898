import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../../test/render';
import { CONTACT_PANEL_DOCK_PX, useContactPanel } from './useContactPanel';

let viewport = 1440;
beforeEach(() => {
  stubMatchMedia((query) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return min ? viewport >= Number(min[1]) : false;
  });
});

describe('where the contact panel is (issue 35 item 3)', () => {
  it(`docks open by default from ${CONTACT_PANEL_DOCK_PX} px with room beside the list; closing it is remembered`, () => {
    viewport = 1440;
    const { result, rerender } = renderHook(() => useContactPanel(5, true));
    expect(result.current).toMatchObject({ docked: true, open: true });
    act(() => result.current.toggle());
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem('contactPanel')).toBe('closed');
    // another ticket, another visit: still closed until the user opens it
    rerender();
    const again = renderHook(() => useContactPanel(6, true));
    expect(again.result.current.open).toBe(false);
    act(() => again.result.current.show());
    expect(again.result.current.open).toBe(true);
    expect(localStorage.getItem('contactPanel')).toBe('open');
  });

  it('is a drawer, closed until asked for, on a narrow screen or where the page has no room for it', () => {
    viewport = 390;
    const phone = renderHook(() => useContactPanel(5, false));
    expect(phone.result.current).toMatchObject({ docked: false, open: false });
    act(() => phone.result.current.toggle());
    expect(phone.result.current.open).toBe(true);
    // the drawer is not a preference: nothing is stored
    expect(localStorage.getItem('contactPanel')).toBeNull();
    viewport = 1440;
    const cramped = renderHook(() => useContactPanel(5, false));
    expect(cramped.result.current).toMatchObject({ docked: false, open: false });
  });
});
