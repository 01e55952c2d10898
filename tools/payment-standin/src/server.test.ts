import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentStandin, startPaymentStandin } from './server';
import { crc16, pixBrCode, stripeSignature } from './wire';

describe('wire formats', () => {
  it('closes a BR Code with the CRC16 of the Central Bank example', () => {
    const payload =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(payload)).toBe('1D3D');
    const code = pixBrCode({ location: 'pix.example/v2/abc', amount: 99.9, merchantName: 'ATENDO', city: 'SAO PAULO' });
    expect(code).toMatch(/^000201/);
    expect(code).toContain('540599.90');
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
  });
  it('signs Stripe events as t=…,v1=HMAC(t.body)', () => {
    const sig = stripeSignature('{"a":1}', 'whsec_x', 1700000000);
    expect(sig).toBe(`t=1700000000,v1=${createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex')}`);
  });
});

describe('the stand-in API', () => {
  let standin: PaymentStandin;
  const received: { url: string; headers: Record<string, string>; body: string }[] = [];
  let product: import('node:http').Server;
  beforeAll(async () => {
    const { createServer } = await import('node:http');
    product = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers as Record<string, string>, body });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => product.listen(0, '127.0.0.1', r));
    const port = (product.address() as import('node:net').AddressInfo).port;
    standin = await startPaymentStandin({
      productUrl: `http://127.0.0.1:${port}`,
      asaasWebhookToken: 'tok',
      keys: { asaasToken: 'key' },
    });
  });
  afterAll(async () => {
    await standin.close();
    product.close();
  });

  it('creates an Asaas payment, refuses a wrong key, and notifies twice or not at all as told', async () => {
    const h = { 'content-type': 'application/json', access_token: 'key' };
    expect(
      (await fetch(`${standin.url}/v3/customers`, { method: 'POST', headers: { ...h, access_token: 'bad' }, body: '{}' })).status,
    ).toBe(401);
    const customer = (await (
      await fetch(`${standin.url}/v3/customers`, {
        method: 'POST',
        headers: h,
        body: JSON.stringify({ name: 'Ana', cpfCnpj: '12345678909' }),
      })
    ).json()) as { id: string };
    const payment = (await (
      await fetch(`${standin.url}/v3/payments`, {
        method: 'POST',
        headers: h,
        body: JSON.stringify({ customer: customer.id, value: 49, billingType: 'UNDEFINED', externalReference: 'atendo-7-x' }),
      })
    ).json()) as { id: string; status: string };
    expect(payment).toMatchObject({ status: 'PENDING', externalReference: 'atendo-7-x' });
    await standin.pay({ invoiceId: 7 }, 'twice');
    expect(received).toHaveLength(2);
    expect(received[0]!.headers['asaas-access-token']).toBe('tok');
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      event: 'PAYMENT_RECEIVED',
      payment: { id: payment.id, status: 'RECEIVED' },
    });
    const fetched = (await (await fetch(`${standin.url}/v3/payments/${payment.id}`, { headers: h })).json()) as {
      status: string;
    };
    expect(fetched.status).toBe('RECEIVED');
  });

  it('pays through its control API (what `npm run pay` calls), by invoice, without notifying when told to drop', async () => {
    const before = received.length;
    const token = (await (
      await fetch(`${standin.url}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('id:secret').toString('base64')}` },
      })
    ).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
    const cob = (await (
      await fetch(`${standin.url}/v2/cob`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          valor: { original: '10.00' },
          chave: 'k',
          infoAdicionais: [{ nome: 'referencia', valor: 'atendo-9-y' }],
        }),
      })
    ).json()) as { txid: string; status: string; loc: { id: number } };
    expect(cob.status).toBe('ATIVA');
    const qr = (await (await fetch(`${standin.url}/v2/loc/${cob.loc.id}/qrcode`, { headers: auth })).json()) as {
      imagemQrcode: string;
    };
    expect(qr.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    const paid = await fetch(`${standin.url}/_standin/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoiceId: 9, delivery: 'drop' }),
    });
    expect(((await paid.json()) as { status: string }).status).toBe('paid');
    expect(received.length).toBe(before);
    const after = (await (await fetch(`${standin.url}/v2/cob/${cob.txid}`, { headers: auth })).json()) as { status: string };
    expect(after.status).toBe('CONCLUIDA');
  });
});
