import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketDetail } from '../../../shared/data/tickets/types';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { useConversationExport } from './useConversationExport';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ticket = {
  id: 42,
  contact: { name: 'Joana' },
  queue: { name: 'Vendas' },
  user: { name: 'Ana' },
} as unknown as TicketDetail;

function ExportButton() {
  const exportPdf = useConversationExport(ticket);
  return (
    <button type="button" onClick={() => void exportPdf()}>
      exportar
    </button>
  );
}

const show = () => renderWithProviders(<ExportButton />, { session: sessionValue(makeUser()) });

describe('PDF export of a conversation', () => {
  it("a conversation with nothing to export says 'Elemento não encontrado para exportar.' (issue 37 item 11)", async () => {
    mockFetch({ '/messages/42': { messages: [], hasMore: false, ticket } });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'exportar' }));
    expect(await screen.findByText('Elemento não encontrado para exportar.')).toBeTruthy();
  });

  it('downloads a PDF file named from the ticket id (issue 37 item 11)', async () => {
    const saved: { name: string; type: string }[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => `blob:${b.type}`, revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: this.href });
    });
    mockFetch({
      '/messages/42': {
        messages: [
          {
            id: 1,
            body: 'Quero um orçamento',
            fromMe: false,
            mediaType: 'text',
            createdAt: new Date().toISOString(),
            contact: { name: 'Joana' },
          },
        ],
        hasMore: false,
        ticket,
      },
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'exportar' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'ticket-42.pdf', type: 'blob:application/pdf' }]));
  });
});
