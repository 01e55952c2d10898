import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { MessageInput } from './MessageInput';

const session = sessionValue(makeUser());
const sent = (spy: ReturnType<typeof mockFetch>) =>
  (spy.mock.calls as unknown as [unknown, RequestInit | undefined][])
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

afterEach(() => vi.unstubAllGlobals());

describe('MessageInput (composer)', () => {
  it('Enter sends, Shift+Enter does not; the Private note tab sends notes until Reply is chosen again', async () => {
    const spy = mockFetch({ '/messages/5': { id: 1, ticketId: 5 } });
    renderWithProviders(<MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />, { session });
    const input = screen.getByLabelText('Mensagem');
    fireEvent.change(input, { target: { value: 'linha 1' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(sent(spy)).toEqual([]);
    expect(screen.getByRole('tab', { name: 'Responder' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Nota privada' }));
    expect((input as HTMLTextAreaElement).placeholder).toBe('Nota privada: só a equipe vê');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent(spy)).toHaveLength(1));
    expect(sent(spy)[0]).toMatchObject({ body: 'linha 1', isPrivate: true });
    expect((input as HTMLTextAreaElement).value).toBe('');
    // the mode is explicit: it stays on the note until the attendant chooses Reply
    expect(screen.getByRole('tab', { name: 'Nota privada' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.change(input, { target: { value: 'outra nota' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent(spy)).toHaveLength(2));
    expect(sent(spy)[1]).toMatchObject({ body: 'outra nota', isPrivate: true });
    fireEvent.click(screen.getByRole('tab', { name: 'Responder' }));
    expect((input as HTMLTextAreaElement).placeholder).toBe('Digite uma mensagem ou / para respostas rápidas');
    fireEvent.change(input, { target: { value: 'olá' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent(spy)).toHaveLength(3));
    expect(sent(spy)[2]).toMatchObject({ body: 'olá', isPrivate: false });
  });

  it('a ticket a colleague took meanwhile: the send says who has it and the composer turns read-only (issue 31 item 8)', async () => {
    const spy = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname === '/messages/5') {
        return new Response(
          JSON.stringify({
            error: 'ERR_OTHER_OPEN_TICKET',
            details: { ticketId: 5, userId: 9, userName: 'Rui', queueName: 'Balcão', status: 'open' },
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        );
      }
      return new Response(JSON.stringify([]), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', spy);
    renderWithProviders(<MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />, { session });
    const input = screen.getByLabelText('Mensagem') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Oi, vou te atender' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const dialog = await screen.findByTestId('ticket-already-open');
    expect(dialog.textContent).toContain('Rui');
    expect(dialog.textContent).toContain('Balcão');
    expect(screen.queryByText('Nenhum ticket encontrado')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('ticket-already-open')).toBeNull());
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('Rui assumiu este atendimento: só quem o atende pode responder');
  });

  it('is disabled unless the ticket is open or group', () => {
    mockFetch();
    renderWithProviders(<MessageInput ticketId={5} enabled={false} editing={null} onEditDone={() => {}} />, { session });
    expect((screen.getByLabelText('Mensagem') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it("'/' opens the quick messages and picking one fills the input", async () => {
    mockFetch({
      '/quick-messages/list': [{ id: 1, shortcode: 'ola', message: 'Olá! Como posso ajudar?', mediaUrl: null }],
    });
    renderWithProviders(<MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />, { session });
    const input = screen.getByLabelText('Mensagem') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '/ol' } });
    fireEvent.click(await screen.findByText('/ola'));
    expect(input.value).toBe('Olá! Como posso ajudar?');
  });
  it('quick messages from the keyboard: ↓/↑ move, Enter picks (never sends "/sau"), Escape closes (issue 31 item 4)', async () => {
    const spy = mockFetch({
      '/quick-messages/list': [
        { id: 1, shortcode: 'saudacao', message: 'Bom dia! Como posso ajudar?', mediaUrl: null },
        { id: 2, shortcode: 'saude', message: 'Plano saúde: veja as opções.', mediaUrl: null },
      ],
      '/messages/5': { id: 3, ticketId: 5 },
    });
    renderWithProviders(<MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />, { session });
    const input = screen.getByLabelText('Mensagem') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '/sau' } });
    const first = await screen.findByRole('option', { name: /saudacao/ });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe('quick-message-1');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /saude\b/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' }); // wraps round
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Plano saúde: veja as opções.');
    expect(sent(spy)).toEqual([]); // Enter picked; nothing went to the customer
    // Tab picks as Enter does
    fireEvent.change(input, { target: { value: '/sau' } });
    await screen.findByRole('option', { name: /saudacao/ });
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input.value).toBe('Bom dia! Como posso ajudar?');
    // Escape closes the picker; then Enter sends what was typed
    fireEvent.change(input, { target: { value: '/sau' } });
    await screen.findByRole('option', { name: /saudacao/ });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('quick-messages')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent(spy)).toHaveLength(1));
    expect(sent(spy)[0]).toMatchObject({ body: '/sau' });
  });

  it("a quick message's file is previewed with its text as the caption and sent with it (issue 31 item 5)", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    const forms: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
        if (url.pathname === '/quick-messages/list')
          return json([
            {
              id: 4,
              shortcode: 'tabela',
              message: 'Segue a tabela, {{firstName}}.',
              mediaUrl: '/public/media/q/tabela.png?sig=abc',
              mediaName: 'tabela.png',
            },
          ]);
        if (url.pathname === '/public/media/q/tabela.png')
          return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } });
        if (url.pathname === '/messages/5' && init?.body instanceof FormData) {
          forms.push(init.body);
          return json({ id: 9, ticketId: 5 });
        }
        return json([]);
      }),
    );
    renderWithProviders(
      <MessageInput
        ticketId={5}
        enabled
        editing={null}
        onEditDone={() => {}}
        placeholders={{ contactName: 'Ana Souza', ticketId: 5, timezone: 'America/Sao_Paulo' }}
      />,
      { session },
    );
    const input = screen.getByLabelText('Mensagem') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '/tab' } });
    await screen.findByRole('option', { name: /tabela/ });
    fireEvent.keyDown(input, { key: 'Enter' });
    const caption = (await screen.findByLabelText('Legenda tabela.png')) as HTMLInputElement;
    expect(caption.value).toBe('Segue a tabela, Ana.');
    expect(screen.getByAltText('tabela.png')).toBeTruthy();
    expect(input.value).toBe('');
    fireEvent.keyDown(caption, { key: 'Enter' });
    await waitFor(() => expect(forms).toHaveLength(1));
    const file = forms[0]?.getAll('medias')[0] as File;
    expect([file.name, file.type, file.size]).toEqual(['tabela.png', 'image/png', 4]);
    expect(forms[0]?.getAll('body')).toEqual(['Segue a tabela, Ana.']);
  });

  it('attachments: a preview and a caption per file, removable, sent as one multipart request (medias + body each)', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    const spy = mockFetch({ '/messages/5': { id: 2, ticketId: 5 } });
    renderWithProviders(<MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />, { session });
    const picker = screen.getByTestId('composer-file-input') as HTMLInputElement;
    const photo = new File([new Uint8Array([1, 2, 3])], 'foto.png', { type: 'image/png' });
    const doc = new File([new Uint8Array([4])], 'contrato.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [photo, doc] } });
    expect(screen.getByAltText('foto.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remover arquivo contrato.pdf' }));
    expect(screen.queryByText('contrato.pdf')).toBeNull();
    const caption = screen.getByLabelText('Legenda foto.png');
    fireEvent.change(caption, { target: { value: 'nossa loja' } });
    fireEvent.keyDown(caption, { key: 'Enter' });
    await waitFor(() =>
      expect(
        (spy.mock.calls as unknown as [unknown, RequestInit | undefined][]).some(([, i]) => i?.body instanceof FormData),
      ).toBe(true),
    );
    const form = (spy.mock.calls as unknown as [unknown, RequestInit | undefined][]).find(
      ([, i]) => i?.body instanceof FormData,
    )?.[1]?.body as FormData;
    expect((form.getAll('medias') as File[]).map((f) => f.name)).toEqual(['foto.png']);
    expect(form.getAll('body')).toEqual(['nossa loja']);
    expect(screen.queryByTestId('pending-files')).toBeNull();
  });
  it('signature: shown when sendSignMessage is on; signs by default, the switch turns it off (remembered)', async () => {
    localStorage.removeItem('signOption');
    const spy = mockFetch({
      '/companySettingOne': { column: 'sendSignMessage', value: 'enabled' },
      '/messages/5': { id: 3, ticketId: 5 },
    });
    renderWithProviders(<MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />, { session });
    const sign = await screen.findByRole('button', { name: 'Assinar mensagens' });
    expect(sign.getAttribute('aria-pressed')).toBe('true');
    const input = screen.getByLabelText('Mensagem');
    fireEvent.change(input, { target: { value: 'assinada' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent(spy)).toHaveLength(1));
    expect(sent(spy)[0]).toMatchObject({ body: 'assinada', signMessage: true });
    fireEvent.click(sign);
    expect(localStorage.getItem('signOption')).toBe('false');
    fireEvent.change(input, { target: { value: 'sem assinatura' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent(spy)).toHaveLength(2));
    expect(sent(spy)[1]).toMatchObject({ body: 'sem assinatura', signMessage: false });
    localStorage.removeItem('signOption');
  });
});
