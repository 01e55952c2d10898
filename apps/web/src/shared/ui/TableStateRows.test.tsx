import { Table, TableBody } from '@mui/material';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TableStateRows } from './TableStateRows';

function renderRows(query: Parameters<typeof TableStateRows>[0]['query'], count: number) {
  renderWithProviders(
    <Table>
      <TableBody>
        <TableStateRows query={query} count={count} colSpan={3} emptyText="Nada aqui" />
      </TableBody>
    </Table>,
  );
}

const idle = { isLoading: false, isError: false, error: null, refetch: vi.fn() };

describe('TableStateRows', () => {
  it('skeleton rows while loading (one live status for screen readers), no empty text', () => {
    renderRows({ ...idle, isLoading: true }, 0);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.getByRole('status', { name: 'Carregando…' })).toBeTruthy();
    expect(screen.queryByText('Nada aqui')).toBeNull();
  });

  it('the empty text when the list holds nothing', () => {
    renderRows(idle, 0);
    expect(screen.getByText('Nada aqui')).toBeTruthy();
  });

  it('nothing when the table has rows', () => {
    renderRows(idle, 2);
    expect(screen.queryByRole('row')).toBeNull();
  });

  it('the load error with a retry that reads the list again', () => {
    const refetch = vi.fn();
    renderRows({ ...idle, isError: true, error: new Error('boom'), refetch }, 0);
    expect(screen.queryByText('Nada aqui')).toBeNull();
    fireEvent.click(screen.getByRole('button'));
    expect(refetch).toHaveBeenCalled();
  });
});
