import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../test/render';
import { SuperOnlyTab } from './SuperOnlyTab';

afterEach(() => vi.useRealTimers());

const ui = (
  <Routes>
    <Route
      path="/settings"
      element={
        <SuperOnlyTab>
          <p>segredo</p>
        </SuperOnlyTab>
      }
    />
    <Route path="/" element={<p>início</p>} />
  </Routes>
);

describe('SuperOnlyTab (seed 001 settings tabs)', () => {
  it("a company admin sees 'Sem permissão para acessar!' and goes to / after 0.5 s", async () => {
    renderWithProviders(ui, { route: '/settings', session: sessionValue(makeUser({ profile: 'admin', super: false })) });
    // the tab's text and the toast
    expect(screen.getAllByText('Sem permissão para acessar!').length).toBeGreaterThan(0);
    expect(screen.queryByText('segredo')).toBeNull();
    expect(await screen.findByText('início', {}, { timeout: 1500 })).toBeTruthy();
  });

  it('the super admin sees the tab', () => {
    renderWithProviders(ui, { route: '/settings', session: sessionValue(makeUser({ profile: 'admin', super: true })) });
    expect(screen.getByText('segredo')).toBeTruthy();
  });
});
