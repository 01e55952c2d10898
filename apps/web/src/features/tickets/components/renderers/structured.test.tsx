import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { MessageContent, type RenderableMessage } from './MessageContent';

const show = (message: RenderableMessage) => renderWithProviders(<MessageContent message={message} />);
afterEach(cleanup);

/** One realistic payload per structured type (as ingest stores them) and a text it must show. */
const GOOD: [string, RenderableMessage, RegExp][] = [
  ['callLog', { mediaType: 'callLog', dataJson: { call: { outcome: 'missed', isVideo: false } } }, /perdida|missed/i],
  [
    'event',
    { mediaType: 'event', dataJson: { event: { name: 'Reunião de alinhamento', startTime: 1_767_000_000, location: 'Loja' } } },
    /Reunião de alinhamento/,
  ],
  [
    'list',
    {
      mediaType: 'list',
      dataJson: {
        list: {
          title: 'Cardápio',
          description: 'Escolha seu sabor',
          buttonText: 'Ver sabores',
          sections: [{ title: 'Pizzas', rows: [{ id: 'p1', title: 'Calabresa' }] }],
        },
      },
    },
    /Ver sabores/,
  ],
  [
    'buttons',
    {
      mediaType: 'buttons',
      dataJson: { buttons: { text: 'Confirma o pedido?', buttons: [{ title: 'Sim' }, { title: 'Não' }] } },
    },
    /Confirma o pedido\?/,
  ],
  ['paymentRequest', { mediaType: 'paymentRequest', dataJson: { paymentRequest: { amount1000: 19_900 } } }, /R\$\s?19,90/],
  [
    'order',
    {
      mediaType: 'order',
      dataJson: { items: [{ quantity: 2 }, { quantity: 1 }], total: 4990, currency: 'BRL', text: 'Pedido 42' },
    },
    /Pedido 42/,
  ],
  [
    'meeting',
    { mediaType: 'meeting', dataJson: { meeting: { name: 'Chamada com o cliente', joinLink: 'abc-123', linkType: 'video' } } },
    /Chamada com o cliente/,
  ],
  [
    'linkPreview',
    {
      mediaType: 'linkPreview',
      body: 'veja https://atendo.example/precos',
      dataJson: { linkPreview: { url: 'https://atendo.example/precos', title: 'Preços do Atendo' } },
    },
    /Preços do Atendo/,
  ],
  ['viewOnce', { mediaType: 'viewOnce', dataJson: { viewOnce: { mediaType: 'image' } } }, /.+/],
  [
    'interactive',
    {
      mediaType: 'interactive',
      body: 'Falar com atendente',
      dataJson: { reply: { type: 'button', id: 'b2', title: 'Falar com atendente' } },
    },
    /Falar com atendente/,
  ],
  [
    'template',
    {
      mediaType: 'template',
      dataJson: {
        template: { name: 'boas_vindas', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }] },
      },
    },
    /boas_vindas/,
  ],
  [
    'template',
    {
      mediaType: 'template',
      body: 'Pedido #9\nOlá Maria, seu pedido #9 está pronto.',
      dataJson: {
        template: { name: 'pedido_pronto', language: 'pt_BR', text: 'Pedido #9\nOlá Maria, seu pedido #9 está pronto.' },
      },
    },
    /Olá Maria, seu pedido #9 está pronto\./,
  ],
  ['poll', { mediaType: 'poll', dataJson: { poll: { name: 'Qual horário?', options: ['Manhã', 'Tarde'] } } }, /Qual horário\?/],
  ['reaction', { mediaType: 'reaction', dataJson: { emoji: '👍' } }, /👍/],
  [
    'adPreview',
    { mediaType: 'adPreview', dataJson: { referral: { headline: 'Promoção de verão', source_url: 'https://fb.example/ad' } } },
    /Promoção de verão/,
  ],
  ['system', { mediaType: 'system', body: 'Atendimento transferido' }, /Atendimento transferido/],
  ['unsupported', { mediaType: 'unsupported', dataJson: { originalType: 'productMessage' } }, /productMessage/],
];

const MALFORMED: unknown[] = [
  null,
  'not json',
  42,
  [],
  { list: 'x', buttons: 7, poll: { options: 'Manhã' }, event: { startTime: 'amanhã' }, call: [], meeting: null },
  {
    paymentRequest: { amount1000: 'muito' },
    items: 'x',
    template: { components: [null, 3] },
    referral: { source_url: 'javascript:alert(1)' },
  },
];

const TYPES = [
  'image',
  'sticker',
  'audio',
  'video',
  'document',
  'location',
  'contact',
  'vcard',
  'callLog',
  'event',
  'list',
  'buttons',
  'paymentRequest',
  'order',
  'meeting',
  'linkPreview',
  'viewOnce',
  'interactive',
  'template',
  'poll',
  'reaction',
  'adPreview',
  'system',
  'unsupported',
];

describe('structured renderers', () => {
  it.each(GOOD)('%s: a good payload shows its content', (_type, message, text) => {
    const { container } = show(message);
    expect(container.textContent).toMatch(text);
  });

  it.each(TYPES)('%s: malformed payloads never crash the conversation', (type) => {
    for (const dataJson of MALFORMED) {
      for (const body of [undefined, null, 17, { x: 1 }, 'texto']) {
        expect(() => show({ mediaType: type, dataJson, body, mediaUrl: 3 })).not.toThrow();
        cleanup();
      }
    }
  });

  it('never turns a javascript: URL into a link', () => {
    show({ mediaType: 'adPreview', dataJson: { referral: { headline: 'Oferta', source_url: 'javascript:alert(1)' } } });
    for (const a of document.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect(screen.getByText(/Oferta/)).toBeTruthy();
  });
});
