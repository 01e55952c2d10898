import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound } from './builders';
import { type GraphStandin, startGraphStandin } from './server';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read loosely in these tests
type Loose = any;
const received: Loose[] = [];
const product = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push(JSON.parse(Buffer.concat(chunks).toString()));
    res.end('EVENT_RECEIVED');
  });
});
let standin: GraphStandin;
const PHONE = '106540352242922';
const WABA = '102290129340398';
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  await new Promise<void>((r) => product.listen(0, '127.0.0.1', r));
  const webhookUrl = `http://127.0.0.1:${(product.address() as AddressInfo).port}/webhooks/whatsappapi`;
  standin = await startGraphStandin({ appSecret: 's', webhookUrl });
  standin.addTemplate(
    WABA,
    {
      name: 'pedido_pronto',
      language: 'pt_BR',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
        { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto.' },
        { type: 'FOOTER', text: 'Loja Exemplo' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Obrigado' }] },
      ],
    },
    PHONE,
  );
  standin.addTemplate(WABA, {
    name: 'promo',
    language: 'pt_BR',
    category: 'MARKETING',
    status: 'REJECTED',
    rejectedReason: 'PROMOTIONAL',
    components: [{ type: 'BODY', text: 'Promoção!' }],
  });
});
afterAll(async () => {
  await standin.close();
  product.closeAllConnections();
  await new Promise<void>((r) => product.close(() => r()));
});

const send = (body: Loose, phone = PHONE) =>
  fetch(`${standin.url}/v21.0/${phone}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
    body: JSON.stringify({ messaging_product: 'whatsapp', ...body }),
  });
const text = (to: string) => send({ to, type: 'text', text: { body: 'oi' } });
const template = (to: string, components: Loose[], name = 'pedido_pronto', code = 'pt_BR') =>
  send({ to, type: 'template', template: { name, language: { code }, components } });
const params = (...values: string[]) => values.map((v) => ({ type: 'text', text: v }));
const failedStatusOf = (wamid: string) =>
  received.flatMap((p) => p.entry[0].changes[0].value.statuses ?? []).find((s: Loose) => s.id === wamid && s.status === 'failed');

describe('the customer service window (24 h)', () => {
  it('delivers free text within 24 h of the customer writing; after 25 h answers an id, then a failed status 131047', async () => {
    await standin.deliverMessages(PHONE, [inbound.text({ from: '5511900000001', body: 'Oi' })]);
    const inside = await text('5511900000001');
    expect(inside.status).toBe(200);
    expect(standin.sent.at(-1)?.to).toBe('5511900000001');

    standin.advanceClock(25 * HOUR);
    try {
      const outside = await text('+55 11 90000-0001');
      expect(outside.status).toBe(200);
      const wamid = ((await outside.json()) as Loose).messages[0].id;
      expect(standin.refused.at(-1)?.wamid).toBe(wamid);
      expect(standin.sent.some((s) => s.wamid === wamid)).toBe(false);
      await expect.poll(() => failedStatusOf(wamid)).toBeTruthy();
      expect(failedStatusOf(wamid).errors).toEqual([
        {
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          error_data: {
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
          href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
        },
      ]);
      // The customer writes again: the window opens again.
      await fetch(`${standin.url}/_standin/inbound`, {
        method: 'POST',
        body: JSON.stringify({ phoneNumberId: PHONE, from: '5511900000001', timestamp: Math.floor(standin.rules.now() / 1000) }),
      });
      await text('5511900000001');
      expect(standin.sent.at(-1)?.to).toBe('5511900000001');
    } finally {
      standin.advanceClock(-25 * HOUR);
    }
  });

  it('refuses free text to a number that never wrote, and to one that wrote to another business number', async () => {
    await standin.deliverMessages('999', [inbound.text({ from: '5511900000002', body: 'Oi' })]);
    await text('5511900000002');
    await text('5511900000003');
    expect(standin.refused.slice(-2).map((r) => r.to)).toEqual(['5511900000002', '5511900000003']);
  });

  it("judges the window by the message's timestamp (a customer who wrote 25 h ago)", async () => {
    const at = new Date(standin.rules.now() - 25 * HOUR);
    await standin.deliverMessages(PHONE, [inbound.text({ from: '5511900000004', body: 'Oi', timestamp: at })]);
    await text('5511900000004');
    expect(standin.refused.at(-1)?.to).toBe('5511900000004');
  });
});

describe('message templates', () => {
  it('lists the WABA templates as Meta does, paged', async () => {
    const res = (await (
      await fetch(`${standin.url}/v21.0/${WABA}/message_templates?limit=1`, { headers: { authorization: 'Bearer t' } })
    ).json()) as Loose;
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ name: 'pedido_pronto', language: 'pt_BR', category: 'UTILITY', status: 'APPROVED' });
    expect(res.data[0].components[1]).toEqual({ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto.' });
    const next = (await (
      await fetch(`${standin.url}/v21.0/${WABA}/message_templates?limit=1&after=${res.paging.cursors.after}`, {
        headers: { authorization: 'Bearer t' },
      })
    ).json()) as Loose;
    expect(next.data[0]).toMatchObject({ name: 'promo', status: 'REJECTED', rejected_reason: 'PROMOTIONAL' });
    expect(next.paging.next).toBeUndefined();
  });

  it('sends an approved template outside the window, with its parameters in place', async () => {
    const res = await template('5511900000009', [
      { type: 'header', parameters: params('#42') },
      { type: 'body', parameters: params('Maria', '#42') },
    ]);
    expect(res.status).toBe(200);
    expect(standin.sent.at(-1)?.rendered).toEqual({
      header: 'Pedido #42',
      body: 'Olá Maria, seu pedido #42 está pronto.',
      footer: 'Loja Exemplo',
      buttons: ['Obrigado'],
    });
  });

  it('refuses an unknown template, a rejected one and another language with 132001, as Meta writes it', async () => {
    for (const [name, code] of [
      ['nao_existe', 'pt_BR'],
      ['promo', 'pt_BR'],
      ['pedido_pronto', 'en_US'],
    ]) {
      const res = await template('5511900000009', [], name, code);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Loose).error).toMatchObject({
        message: '(#132001) Template name does not exist in the translation',
        type: 'OAuthException',
        code: 132001,
        error_data: { messaging_product: 'whatsapp', details: `template name (${name}) does not exist in ${code}` },
      });
    }
  });

  it('refuses a wrong number of parameters with 132000 naming the component', async () => {
    const res = await template('5511900000009', [
      { type: 'header', parameters: params('#42') },
      { type: 'body', parameters: params('Maria') },
    ]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Loose).error).toMatchObject({
      message: '(#132000) Number of parameters does not match the expected number of params',
      code: 132000,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'body: number of localizable_params (1) does not match the expected number of params (2)',
      },
    });
  });

  it('a media header takes its file as the one header parameter, of the header’s own type (132012 otherwise)', async () => {
    standin.addTemplate(WABA, {
      name: 'boleto',
      language: 'pt_BR',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'DOCUMENT' },
        { type: 'BODY', text: 'Segue o boleto de {{1}}.' },
      ],
    });
    const body = { type: 'body', parameters: params('Maria') };
    const none = await template('5511900000009', [body], 'boleto');
    expect(((await none.json()) as Loose).error.code).toBe(132000);
    const wrong = await template('5511900000009', [{ type: 'header', parameters: params('x') }, body], 'boleto');
    expect(((await wrong.json()) as Loose).error).toMatchObject({
      code: 132012,
      message: '(#132012) Parameter format does not match format in the created template',
    });
    const image = [{ type: 'header', parameters: [{ type: 'image', image: { link: 'https://x.test/a.png' } }] }, body];
    expect(((await (await template('5511900000009', image, 'boleto')).json()) as Loose).error.code).toBe(132012);
    const doc = { type: 'document', document: { link: 'https://files.example.com/boleto.pdf' } };
    const ok = await template('5511900000009', [{ type: 'header', parameters: [doc] }, body], 'boleto');
    expect(ok.status).toBe(200);
    expect(standin.sent.at(-1)?.rendered).toMatchObject({ body: 'Segue o boleto de Maria.' });
  });

  it('refuses a paused template with 132015, and fills its store over HTTP', async () => {
    const added = await fetch(`${standin.url}/_standin/templates`, {
      method: 'POST',
      body: JSON.stringify({
        wabaId: WABA,
        name: 'lembrete',
        language: 'pt_BR',
        status: 'PAUSED',
        components: [{ type: 'BODY', text: 'Lembrete' }],
      }),
    });
    expect(added.status).toBe(200);
    const res = await template('5511900000009', [], 'lembrete');
    expect(((await res.json()) as Loose).error.code).toBe(132015);
    standin.setTemplateStatus(WABA, 'lembrete', 'APPROVED');
    expect((await template('5511900000009', [], 'lembrete')).status).toBe(200);
  });
});
