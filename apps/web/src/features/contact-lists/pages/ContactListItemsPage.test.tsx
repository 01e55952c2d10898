import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import ContactListItemsPage from './ContactListItemsPage';

afterEach(() => vi.unstubAllGlobals());

const AT = '2026-11-25T13:05:00.000Z';

describe('a contact-list import’s banner (issue 31 item 13)', () => {
  it('reports a number repeated in the file, with its rows, and can be closed', async () => {
    stubApi({
      '/contact-lists/4': {
        id: 4,
        name: 'Clientes',
        contactsCount: 2,
        importStatus: 'done',
        importSummary: {
          fileName: 'contatos.xlsx',
          processed: 4,
          created: 2,
          updated: 0,
          failed: 1,
          repeated: 1,
          errors: [
            { row: 4, reason: 'number' },
            { row: 5, reason: 'repeated', firstRow: 2 },
          ],
        },
        createdAt: AT,
        updatedAt: AT,
      },
      '/contact-list-items': { contacts: [], hasMore: false, count: 0 },
      '/tags/list': [],
    });
    renderWithProviders(
      <Routes>
        <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
      </Routes>,
      { session: sessionValue(makeUser({ profile: 'admin' })), route: '/contact-lists/4/contacts' },
    );
    const banner = await screen.findByTestId('import-summary');
    expect(banner.textContent).toContain(
      'Última importação — novos: 2, atualizados: 0, linhas com erro: 1. 1 linha repetiu um número já lido no arquivo e foi ignorada (vale a primeira): linha 5 (mesmo número da linha 2).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('import-summary')).toBeNull());
  });
});
