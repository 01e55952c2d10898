import { envelope, inbound, status } from '@atendo/graph-standin';
import { describe, expect, it } from 'vitest';
import type { InboundMessage, InboundStatus } from '../types';
import { listChanges, mapWebhook } from './map';

const PHONE = '106540352242922';
const CONN = 7;
const from = '5511999990001';
const at = new Date('2025-03-01T12:00:00Z');

function one(message: Record<string, unknown>, contacts?: { waId: string; name?: string }[]): InboundMessage {
  const { events, unknownPhoneNumberIds } = mapWebhook(
    envelope({ phoneNumberId: PHONE }, { messages: [message], contacts }),
    (id) => (id === PHONE ? CONN : undefined),
  );
  expect(unknownPhoneNumberIds).toEqual([]);
  expect(events).toHaveLength(1);
  expect(events[0].kind).toBe('message');
  return events[0] as InboundMessage;
}

describe('Cloud API webhook mapping', () => {
  it('maps a text message as Meta sends it (literal payload)', () => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: PHONE },
                contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
                messages: [
                  {
                    from: '16505551234',
                    id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
                    timestamp: '1749416383',
                    type: 'text',
                    text: { body: 'Does it come in another color?' },
                  },
                ],
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
    const { events } = mapWebhook(payload, () => CONN);
    expect(events).toEqual([
      {
        kind: 'message',
        channel: 'whatsappapi',
        connectionId: CONN,
        externalId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
        from: '16505551234',
        contactName: 'Sheena Nelson',
        isGroup: false,
        fromMe: false,
        timestamp: new Date(1749416383 * 1000),
        mediaType: 'text',
        body: 'Does it come in another color?',
      },
    ]);
  });

  it('text with reply context, forward flag and ad referral', () => {
    const m = one(
      inbound.text({
        from,
        body: 'quero este',
        timestamp: at,
        context: { id: 'wamid.PREV', forwarded: true },
        referral: { source_type: 'ad', source_id: '120', headline: 'Promo', ctwa_clid: 'x' },
      }),
      [{ waId: from, name: 'Maria' }],
    );
    expect(m).toMatchObject({
      mediaType: 'text',
      body: 'quero este',
      quotedExternalId: 'wamid.PREV',
      isForwarded: true,
      contactName: 'Maria',
    });
    expect(m.timestamp).toEqual(at);
    expect(m.dataJson).toEqual({ referral: { source_type: 'ad', source_id: '120', headline: 'Promo', ctwa_clid: 'x' } });
  });

  it('image with caption', () => {
    const m = one(inbound.image({ from, mediaId: '111', mimeType: 'image/png', sha256: 'abc', caption: 'foto' }));
    expect(m).toMatchObject({
      mediaType: 'image',
      body: 'foto',
      media: { id: '111', mimeType: 'image/png', sha256: 'abc', caption: 'foto' },
    });
    expect(m.dataJson).toBeUndefined();
  });

  it('audio voice note', () => {
    const m = one(inbound.audio({ from, mediaId: '222', voice: true }));
    expect(m).toMatchObject({
      mediaType: 'audio',
      body: '',
      media: { id: '222', mimeType: 'audio/ogg; codecs=opus', voice: true },
    });
  });

  it('video', () => {
    const m = one(inbound.video({ from, mediaId: '333', caption: 'olha' }));
    expect(m).toMatchObject({ mediaType: 'video', body: 'olha', media: { id: '333', mimeType: 'video/mp4' } });
  });

  it('document: mediaType application, body = caption or filename', () => {
    const m = one(inbound.document({ from, mediaId: '444', filename: 'boleto.pdf' }));
    expect(m).toMatchObject({
      mediaType: 'application',
      body: 'boleto.pdf',
      media: { id: '444', filename: 'boleto.pdf', mimeType: 'application/pdf' },
    });
    const c = one(inbound.document({ from, mediaId: '445', filename: 'nf.pdf', caption: 'nota fiscal' }));
    expect(c.body).toBe('nota fiscal');
  });

  it('sticker', () => {
    const m = one(inbound.sticker({ from, mediaId: '555', animated: true }));
    expect(m).toMatchObject({ mediaType: 'sticker', body: '', media: { id: '555', mimeType: 'image/webp', animated: true } });
  });

  it('media without id becomes unsupported, not a broken file', () => {
    const m = one({ from, id: 'wamid.X', timestamp: '1700000000', type: 'image', image: { mime_type: 'image/jpeg' } });
    expect(m.mediaType).toBe('unsupported');
    expect(m.media).toBeUndefined();
  });

  it('location', () => {
    const m = one(inbound.location({ from, latitude: -23.55, longitude: -46.63, name: 'Loja', address: 'Av. Paulista, 1000' }));
    expect(m).toMatchObject({
      mediaType: 'location',
      body: 'Loja - Av. Paulista, 1000',
      dataJson: { latitude: -23.55, longitude: -46.63, name: 'Loja', address: 'Av. Paulista, 1000' },
    });
    const bare = one(inbound.location({ from, latitude: 1.5, longitude: 2.25 }));
    expect(bare.body).toBe('1.5, 2.25');
  });

  it('contacts: cards and vCards', () => {
    const m = one(
      inbound.contacts({
        from,
        contacts: [
          {
            formattedName: 'João Silva',
            firstName: 'João',
            lastName: 'Silva',
            phones: [{ phone: '+55 11 98888-7777', waId: '5511988887777' }],
            emails: ['j@x.com'],
            company: 'ACME',
          },
          { formattedName: 'Ana', phones: [{ phone: '+55 21 3333-4444' }] },
        ],
      }),
    );
    expect(m.mediaType).toBe('contact');
    expect(m.body).toBe('João Silva, Ana');
    const data = m.dataJson as { contacts: unknown[]; vcards: string[] };
    expect(data.contacts[0]).toEqual({
      name: { formatted: 'João Silva', first: 'João', last: 'Silva' },
      phones: [{ phone: '+55 11 98888-7777', waId: '5511988887777', type: 'CELL' }],
      emails: [{ email: 'j@x.com', type: 'WORK' }],
      org: { company: 'ACME' },
    });
    expect(data.vcards[0]).toContain('FN:João Silva');
    expect(data.vcards[0]).toContain('TEL;type=CELL;waid=5511988887777:+55 11 98888-7777');
    expect(data.vcards[1]).toContain('TEL;type=CELL:+55 21 3333-4444');
  });

  it('interactive button_reply', () => {
    const m = one(inbound.buttonReply({ from, buttonId: 'opt-1', title: 'Financeiro', context: { id: 'wamid.MENU' } }));
    expect(m).toMatchObject({
      mediaType: 'interactive',
      body: 'Financeiro',
      quotedExternalId: 'wamid.MENU',
      dataJson: { reply: { type: 'button', id: 'opt-1', title: 'Financeiro' } },
    });
  });

  it('interactive list_reply', () => {
    const m = one(inbound.listReply({ from, rowId: 'r2', title: 'Suporte', description: 'Técnico' }));
    expect(m).toMatchObject({
      mediaType: 'interactive',
      body: 'Suporte',
      dataJson: { reply: { type: 'list', id: 'r2', title: 'Suporte', description: 'Técnico' } },
    });
  });

  it('interactive nfm_reply (flow) parses response_json', () => {
    const m = one(inbound.nfmReply({ from, response: { flow_token: 't', cpf: '123' } }));
    expect(m).toMatchObject({
      mediaType: 'interactive',
      body: 'Sent',
      dataJson: { reply: { type: 'flow', name: 'flow', response: { flow_token: 't', cpf: '123' } } },
    });
    const garbled = one(inbound.nfmReply({ from, response: '{not json' }));
    expect((garbled.dataJson as { reply: { response: unknown } }).reply.response).toBe('{not json');
  });

  it('template quick-reply button', () => {
    const m = one(inbound.button({ from, text: 'Confirmar', payload: 'CONFIRM', context: { id: 'wamid.TPL' } }));
    expect(m).toMatchObject({
      mediaType: 'interactive',
      body: 'Confirmar',
      quotedExternalId: 'wamid.TPL',
      dataJson: { reply: { type: 'template_button', id: 'CONFIRM', title: 'Confirmar' } },
    });
  });

  it('reaction and reaction removal', () => {
    const m = one(inbound.reaction({ from, messageId: 'wamid.TARGET', emoji: '👍' }));
    expect(m).toMatchObject({
      mediaType: 'reaction',
      body: '👍',
      quotedExternalId: 'wamid.TARGET',
      dataJson: { targetExternalId: 'wamid.TARGET', emoji: '👍' },
    });
    const removed = one(inbound.reaction({ from, messageId: 'wamid.TARGET' }));
    expect(removed).toMatchObject({ mediaType: 'reaction', body: '', dataJson: { targetExternalId: 'wamid.TARGET', emoji: '' } });
  });

  it('order', () => {
    const m = one(
      inbound.order({
        from,
        catalogId: 'cat1',
        text: 'Entregar à tarde',
        items: [
          { productRetailerId: 'sku-1', quantity: 2, itemPrice: 10.5, currency: 'BRL' },
          { productRetailerId: 'sku-2', quantity: 1, itemPrice: 3, currency: 'BRL' },
        ],
      }),
    );
    expect(m).toMatchObject({
      mediaType: 'order',
      body: 'Entregar à tarde',
      dataJson: {
        catalogId: 'cat1',
        total: 24,
        currency: 'BRL',
        items: [
          { productRetailerId: 'sku-1', quantity: 2, itemPrice: 10.5, currency: 'BRL' },
          { productRetailerId: 'sku-2', quantity: 1, itemPrice: 3, currency: 'BRL' },
        ],
      },
    });
    const noText = one(
      inbound.order({ from, catalogId: 'c', items: [{ productRetailerId: 'a', quantity: 3, itemPrice: 1, currency: 'BRL' }] }),
    );
    expect(noText.body).toBe('3 itens');
  });

  it('system (number changed)', () => {
    const m = one(inbound.system({ from, body: 'User A changed from 5511999990001 to 5511999990002', newWaId: '5511999990002' }));
    expect(m).toMatchObject({
      mediaType: 'system',
      body: 'User A changed from 5511999990001 to 5511999990002',
      dataJson: { systemType: 'user_changed_number', newWaId: '5511999990002' },
    });
  });

  it('unsupported keeps the error details', () => {
    const m = one(inbound.unsupported({ from }));
    expect(m).toMatchObject({
      mediaType: 'unsupported',
      body: '',
      dataJson: {
        originalType: 'unsupported',
        errors: [{ code: 131051, title: 'Message type unknown', details: 'Message type is currently not supported.' }],
      },
    });
  });

  it('an unknown future type is unsupported, not dropped', () => {
    const m = one(inbound.unknown({ from, type: 'hologram', content: { x: 1 } }));
    expect(m).toMatchObject({ mediaType: 'unsupported', dataJson: { originalType: 'hologram', note: 'unknown message type' } });
  });

  it('request_welcome opens nothing', () => {
    const { events } = mapWebhook(
      envelope({ phoneNumberId: PHONE }, { messages: [inbound.unknown({ from, type: 'request_welcome' })] }),
      () => CONN,
    );
    expect(events).toEqual([]);
  });

  it('statuses sent/delivered/read → ack 1/2/3; failed → failure with reason', () => {
    const statuses = [
      status('sent', { id: 'wamid.A', recipient: from, timestamp: at }),
      status('delivered', { id: 'wamid.A', recipient: from }),
      status('read', { id: 'wamid.A', recipient: from }),
      status('failed', {
        id: 'wamid.B',
        recipient: from,
        error: { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed' },
      }),
    ];
    const { events } = mapWebhook(envelope({ phoneNumberId: PHONE }, { statuses }), () => CONN);
    const s = events as InboundStatus[];
    expect(s.map((e) => [e.kind, e.externalId, e.ack])).toEqual([
      ['status', 'wamid.A', 1],
      ['status', 'wamid.A', 2],
      ['status', 'wamid.A', 3],
      ['status', 'wamid.B', undefined],
    ]);
    expect(s[0].timestamp).toEqual(at);
    expect(s[0].recipient).toBe(from);
    expect(s[3].failure).toEqual({ code: '131047', reason: 'Re-engagement message (131047): More than 24 hours have passed' });
  });

  it('value-level errors become channel error events', () => {
    const { events } = mapWebhook(
      envelope(
        { phoneNumberId: PHONE },
        { errors: [{ code: 131000, title: 'Something went wrong', error_data: { details: 'x' } }] },
      ),
      () => CONN,
    );
    expect(events).toMatchObject([{ kind: 'error', code: '131000', reason: 'Something went wrong (131000): x' }]);
  });

  it('messages from the Business app (echoes) are fromMe, addressed to the customer', () => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'smb_message_echoes',
              value: {
                messaging_product: 'whatsapp',
                metadata: { phone_number_id: PHONE },
                message_echoes: [
                  {
                    from: '15550000000',
                    to: from,
                    id: 'wamid.ECHO',
                    timestamp: '1700000000',
                    type: 'text',
                    text: { body: 'oi' },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    const { events } = mapWebhook(payload, () => CONN);
    expect(events).toMatchObject([{ kind: 'message', fromMe: true, from, body: 'oi', externalId: 'wamid.ECHO' }]);
  });

  it('keeps delivery order across entries and skips unknown numbers', () => {
    const a = envelope(
      { phoneNumberId: PHONE },
      { messages: [inbound.text({ from, body: '1' }), inbound.text({ from, body: '2' })] },
    );
    const b = envelope({ phoneNumberId: '999' }, { messages: [inbound.text({ from, body: 'x' })] });
    const payload = { object: 'whatsapp_business_account', entry: [...(a.entry as unknown[]), ...(b.entry as unknown[])] };
    const { events, unknownPhoneNumberIds } = mapWebhook(payload, (id) => (id === PHONE ? CONN : undefined));
    expect(events.map((e) => (e as InboundMessage).body)).toEqual(['1', '2']);
    expect(unknownPhoneNumberIds).toEqual(['999']);
  });

  it('tolerates garbage without throwing', () => {
    for (const junk of [
      null,
      1,
      'x',
      [],
      {},
      { entry: 'x' },
      { entry: [{ changes: [{ value: null }] }] },
      { object: 'page', entry: [] },
    ]) {
      expect(listChanges(junk)).toEqual([]);
    }
    const { events } = mapWebhook(
      envelope(
        { phoneNumberId: PHONE },
        {
          messages: [
            { id: 'wamid.NOFROM', type: 'text' },
            { from, type: 'text' },
          ],
        },
      ),
      () => CONN,
    );
    expect(events).toEqual([]);
  });
});
