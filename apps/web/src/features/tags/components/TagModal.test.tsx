import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { TagModal } from './TagModal';

afterEach(() => vi.unstubAllGlobals());

describe('the lane dialog (issue 31 item 13)', () => {
  it('is titled "Nova coluna" on the lanes page and "Nova tag" on the tags page', async () => {
    stubApi({ '/tags/list': [] });
    const session = sessionValue(makeUser({ profile: 'admin' }));
    const lane = renderWithProviders(<TagModal open tag={null} onClose={() => {}} defaultKanban />, { session });
    expect(await screen.findByRole('dialog', { name: 'Nova coluna' })).toBeTruthy();
    lane.unmount();
    renderWithProviders(<TagModal open tag={null} onClose={() => {}} />, { session });
    expect(await screen.findByRole('dialog', { name: 'Nova tag' })).toBeTruthy();
  });

  it('shows the whole-hours rule and refuses 1.5 hours before sending', async () => {
    const calls = stubApi({ '/tags/list': [] });
    renderWithProviders(<TagModal open tag={null} onClose={() => {}} defaultKanban />, {
      session: sessionValue(makeUser({ profile: 'admin' })),
    });
    await screen.findByRole('dialog', { name: 'Nova coluna' });
    expect(screen.getByText('Número inteiro de horas sem resposta; 0 = sem limite')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Aguardando' } });
    fireEvent.change(screen.getByLabelText('Horas na coluna (0 = sem limite)'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Use um número inteiro de horas (0 ou mais)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
