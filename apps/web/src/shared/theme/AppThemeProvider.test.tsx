import { Autocomplete, TablePagination, TextField } from '@mui/material';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render';
import { changeLanguage } from '../i18n';

afterEach(async () => {
  await act(() => changeLanguage('pt', false));
  vi.unstubAllGlobals();
});

function BuiltIns() {
  return (
    <>
      <Autocomplete options={[]} renderInput={(params) => <TextField {...params} label="Fila" />} />
      <table>
        <tbody>
          <tr>
            <TablePagination count={40} page={0} rowsPerPage={10} onPageChange={() => {}} />
          </tr>
        </tbody>
      </table>
    </>
  );
}

describe("MUI's built-in texts follow the user's language (issue 30 item 12)", () => {
  it.each([
    ['pt', 'Abrir', 'Sem opções', 'Linhas por página:', '1–10 de 40'],
    ['en', 'Open', 'No options', 'Rows per page:', '1–10 of 40'],
    ['es', 'Abrir', 'Sin opciones', 'Filas por página:', '1–10 de 40'],
    ['tr', 'Aç', 'Seçenek yok', 'Sayfa başına satır:', '1-10 / 40'],
  ] as const)('%s: Autocomplete and pagination', async (language, open, noOptions, rowsPerPage, range) => {
    mockFetch();
    await act(() => changeLanguage(language, false));
    renderWithProviders(<BuiltIns />);
    fireEvent.click(screen.getByRole('button', { name: open }));
    expect(await screen.findByText(noOptions)).toBeTruthy();
    expect(screen.getByText(rowsPerPage)).toBeTruthy();
    expect(screen.getByText(range)).toBeTruthy();
  });

  it('switches when the user changes language', async () => {
    mockFetch();
    renderWithProviders(<BuiltIns />);
    expect(screen.getByRole('button', { name: 'Abrir' })).toBeTruthy();
    await act(() => changeLanguage('en', false));
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
    expect(screen.getByText('Rows per page:')).toBeTruthy();
  });
});
