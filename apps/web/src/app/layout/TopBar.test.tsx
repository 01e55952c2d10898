import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/apiStub';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../test/render';
import { TopBar } from './TopBar';

afterEach(() => vi.unstubAllGlobals());

describe('TopBar', () => {
  it.each(['America/Sao_Paulo', 'UTC', 'Asia/Tokyo'])(
    "an admin's company due 27/12 reads 'Ativo até 27/12/2026' on a %s clock (issue 30 item 2: it read 26/12)",
    async (timezone) => {
      stubApi({});
      const user = makeUser({ profile: 'admin' }, { dueDate: '2026-12-27T00:00:00.000Z', timezone });
      renderWithProviders(<TopBar offset={0} narrow={false} onToggleMenu={() => {}} unreadTickets={[]} showChats={false} />, {
        session: sessionValue(user),
      });
      expect((await screen.findByTestId('greeting')).textContent).toContain('(Ativo até 27/12/2026)');
    },
  );
});
