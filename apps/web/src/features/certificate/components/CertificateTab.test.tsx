import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { CertificateTab } from './CertificateTab';

afterEach(() => vi.unstubAllGlobals());
const superSession = sessionValue(makeUser({ profile: 'admin', super: true }));

function choose(name: string) {
  const input = screen.getByTestId('certificate-file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x30, 0x82, 0, 8, 2, 1, 3])], name)] } });
}

describe('CertificateTab (seed 001 §2, §5)', () => {
  it("asks for a file, a destination and a .p12, with the seed's messages", async () => {
    const fetch = mockFetch({
      '/settings/cert-upload': { mensagem: 'Arquivo Anexado', ref: 'efi', uploadedAt: '' },
      '/settings/certificates': { certificates: [{ ref: 'efi', present: false, uploadedAt: null }] },
    });
    renderWithProviders(<CertificateTab />, { session: superSession, route: '/settings' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escolha um arquivo!');
    choose('cert.pem');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escolha um destino!');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Destino' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Efí (Gerencianet) – Pix'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Use somente arquivos em formato p12!');
    const uploads = () => fetch.mock.calls.map(([i]) => new URL(String(i))).filter((u) => u.pathname === '/settings/cert-upload');
    expect(uploads()).toEqual([]);
    choose('producao.p12');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(uploads().map((u) => u.search)).toEqual(['?ref=efi']));
  });

  it('says whether a certificate is on file and since when, on the company clock (issue 30 item 12)', async () => {
    mockFetch({ '/settings/certificates': { certificates: [{ ref: 'efi', present: false, uploadedAt: null }] } });
    const first = renderWithProviders(<CertificateTab />, { session: superSession, route: '/settings' });
    expect((await screen.findByTestId('certificate-status-efi')).textContent).toBe(
      'Nenhum certificado em arquivo para Efí (Gerencianet) – Pix.',
    );
    first.unmount();
    vi.unstubAllGlobals();
    mockFetch({
      '/settings/certificates': { certificates: [{ ref: 'efi', present: true, uploadedAt: '2026-11-20T13:05:00.000Z' }] },
    });
    renderWithProviders(<CertificateTab />, { session: superSession, route: '/settings' });
    expect((await screen.findByTestId('certificate-status-efi')).textContent).toBe(
      'Certificado para Efí (Gerencianet) – Pix em arquivo desde 20/11/2026, 10:05.',
    );
  });

  it("tells anyone else 'Sem permissão para acessar!'", async () => {
    mockFetch();
    renderWithProviders(<CertificateTab />, { session: sessionValue(makeUser({ profile: 'admin', super: false })) });
    // the tab's alert and the toast both say it
    expect((await screen.findAllByText('Sem permissão para acessar!')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
  });
});
