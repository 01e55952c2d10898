/**
 * A stand-in for the four payment providers Atendo charges through, speaking the subset of each real API the
 * product calls (paths, auth headers, bodies, statuses) and sending each provider's notification with its own
 * verification (Stripe-Signature, Mercado Pago x-signature + fetch-back, asaas-access-token, Efí hmac + fetch-back).
 * Tests and `npm run pay` script it: pay, refuse, deliver the notification once, twice or not at all.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';
import { mercadoPagoSignature, pixBrCode, stripeSignature } from './wire';

export type ProviderName = 'efi' | 'mercadopago' | 'stripe' | 'asaas';
export type Delivery = 'once' | 'twice' | 'drop';

export interface StandinCharge {
  provider: ProviderName;
  /** The provider's id: Efí txid, Stripe session, Mercado Pago preference, Asaas payment. */
  id: string;
  reference: string;
  amount: number;
  status: 'pending' | 'paid' | 'refused';
  /** Mercado Pago: the payment made against the preference. */
  paymentId?: number;
  notificationUrl?: string;
  createdAt: string;
  /** Notifications sent (status code of each). */
  deliveries: number[];
}

export interface PaymentStandinOptions {
  port?: number;
  host?: string;
  /** The product's API base: notifications go to {productUrl}/subscription/webhook/{provider}. */
  productUrl: string;
  stripeWebhookSecret?: string;
  mercadoPagoWebhookSecret?: string;
  asaasWebhookToken?: string;
  efiWebhookHmac?: string;
  /** Each provider's key as the product must send it (any value is accepted when unset). */
  keys?: Partial<{
    efiClientId: string;
    efiClientSecret: string;
    mercadoPagoToken: string;
    stripeKey: string;
    asaasToken: string;
  }>;
}

export interface PaymentStandin {
  url: string;
  charges(): StandinCharge[];
  /** The charge matching: a provider id, our reference, an invoice id (reference `atendo-{invoice}-…`), or the latest. */
  find(match?: Match): StandinCharge | undefined;
  pay(match?: Match, delivery?: Delivery): Promise<StandinCharge>;
  refuse(match?: Match, delivery?: Delivery): Promise<StandinCharge>;
  /** Where notifications go from now on (a product started after the stand-in). */
  setProductUrl(url: string): void;
  /** Sends the charge's notification again (as a provider retries). */
  notify(match?: Match): Promise<number>;
  close(): Promise<void>;
}

export type Match = { id?: string; reference?: string; invoiceId?: number; provider?: ProviderName };

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const hex = (n: number) => randomBytes(n).toString('hex');

export async function startPaymentStandin(opts: PaymentStandinOptions): Promise<PaymentStandin> {
  const charges: StandinCharge[] = [];
  const efiTokens = new Set<string>();
  const locs = new Map<number, { txid: string; copyPaste: string }>();
  const asaasCustomers = new Map<string, { name: string; cpfCnpj: string }>();
  let nextLoc = 1;
  let nextMpPayment = 1_000_000;
  let base = '';
  let productUrl = opts.productUrl.replace(/\/$/, '');

  const bearer = (req: IncomingMessage) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const keyOk = (got: string | undefined, want: string | undefined) => Boolean(got) && (!want || got === want);

  const cobOf = (c: StandinCharge, loc: number | undefined) => ({
    calendario: { criacao: c.createdAt, expiracao: 3600 },
    txid: c.id,
    revisao: 0,
    ...(loc !== undefined
      ? { loc: { id: loc, location: `${base.replace(/^https?:\/\//, '')}/v2/${c.id}`, tipoCob: 'cob' } }
      : {}),
    status: c.status === 'paid' ? 'CONCLUIDA' : c.status === 'refused' ? 'REMOVIDA_PELO_PSP' : 'ATIVA',
    valor: { original: c.amount.toFixed(2) },
    pixCopiaECola: loc !== undefined ? locs.get(loc)?.copyPaste : undefined,
    ...(c.status === 'paid'
      ? {
          pix: [
            { endToEndId: `E${c.id.slice(0, 31)}`, txid: c.id, valor: c.amount.toFixed(2), horario: new Date().toISOString() },
          ],
        }
      : {}),
  });
  const stripeSession = (c: StandinCharge) => ({
    id: c.id,
    object: 'checkout.session',
    url: `${base}/pay/stripe/${c.id}`,
    mode: 'payment',
    currency: 'brl',
    amount_total: Math.round(c.amount * 100),
    client_reference_id: c.reference,
    metadata: { reference: c.reference },
    payment_status: c.status === 'paid' ? 'paid' : 'unpaid',
    status: c.status === 'paid' ? 'complete' : c.status === 'refused' ? 'expired' : 'open',
  });
  const mpPayment = (c: StandinCharge) => ({
    id: c.paymentId,
    status: c.status === 'paid' ? 'approved' : c.status === 'refused' ? 'rejected' : 'pending',
    external_reference: c.reference,
    transaction_amount: c.amount,
    currency_id: 'BRL',
  });
  const asaasPayment = (c: StandinCharge) => ({
    object: 'payment',
    id: c.id,
    value: c.amount,
    status: c.status === 'paid' ? 'RECEIVED' : c.status === 'refused' ? 'REFUNDED' : 'PENDING',
    billingType: 'UNDEFINED',
    invoiceUrl: `${base}/pay/asaas/${c.id}`,
    externalReference: c.reference,
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const raw = method === 'GET' ? '' : await readBody(req);
    let m: RegExpExecArray | null;

    // ---- Efí (API Pix)
    if (method === 'POST' && path === '/oauth/token') {
      const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
      if (!id || !secret || (opts.keys?.efiClientId && (id !== opts.keys.efiClientId || secret !== opts.keys.efiClientSecret))) {
        return json(res, 401, { error: 'invalid_client' });
      }
      const token = hex(16);
      efiTokens.add(token);
      return json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'cob.write cob.read pix.read',
      });
    }
    if (path.startsWith('/v2/')) {
      if (!efiTokens.has(bearer(req) ?? '')) return json(res, 401, { nome: 'nao_autorizado', mensagem: 'token inválido' });
      if (method === 'POST' && path === '/v2/cob') {
        const body = JSON.parse(raw || '{}') as {
          valor?: { original?: string };
          infoAdicionais?: { nome: string; valor: string }[];
        };
        const amount = Number(body.valor?.original);
        if (!Number.isFinite(amount) || amount <= 0)
          return json(res, 400, { nome: 'valor_invalido', mensagem: 'valor.original inválido' });
        const c: StandinCharge = {
          provider: 'efi',
          id: hex(16),
          reference: body.infoAdicionais?.find((i) => i.nome === 'referencia')?.valor ?? '',
          amount,
          status: 'pending',
          createdAt: new Date().toISOString(),
          deliveries: [],
        };
        charges.push(c);
        const loc = nextLoc++;
        locs.set(loc, {
          txid: c.id,
          copyPaste: pixBrCode({ location: `${url.host}/v2/${c.id}`, amount, merchantName: 'ATENDO STANDIN', city: 'SAO PAULO' }),
        });
        return json(res, 201, cobOf(c, loc));
      }
      m = method === 'GET' ? /^\/v2\/loc\/(\d+)\/qrcode$/.exec(path) : null;
      if (m) {
        const loc = locs.get(Number(m[1]));
        if (!loc) return json(res, 404, { nome: 'location_nao_encontrada' });
        const imagemQrcode = await QRCode.toDataURL(loc.copyPaste, { margin: 1, width: 250 });
        return json(res, 200, { qrcode: loc.copyPaste, imagemQrcode, linkVisualizacao: `${base}/pay/efi/${loc.txid}` });
      }
      m = method === 'GET' ? /^\/v2\/cob\/([\w-]+)$/.exec(path) : null;
      if (m) {
        const c = charges.find((x) => x.provider === 'efi' && x.id === m![1]);
        if (!c) return json(res, 404, { nome: 'cobranca_nao_encontrada' });
        const loc = [...locs.entries()].find(([, l]) => l.txid === c.id)?.[0];
        return json(res, 200, cobOf(c, loc));
      }
    }

    // ---- Stripe
    if (path.startsWith('/v1/checkout/sessions')) {
      if (!keyOk(bearer(req), opts.keys?.stripeKey))
        return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      if (method === 'POST' && path === '/v1/checkout/sessions') {
        const form = new URLSearchParams(raw);
        const cents = Number(form.get('line_items[0][price_data][unit_amount]'));
        if (!Number.isInteger(cents) || cents <= 0)
          return json(res, 400, { error: { type: 'invalid_request_error', param: 'line_items' } });
        const c: StandinCharge = {
          provider: 'stripe',
          id: `cs_test_${hex(12)}`,
          reference: form.get('client_reference_id') ?? '',
          amount: cents / 100,
          status: 'pending',
          createdAt: new Date().toISOString(),
          deliveries: [],
        };
        charges.push(c);
        return json(res, 200, stripeSession(c));
      }
      m = method === 'GET' ? /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path) : null;
      if (m) {
        const c = charges.find((x) => x.provider === 'stripe' && x.id === m![1]);
        return c
          ? json(res, 200, stripeSession(c))
          : json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
      }
    }

    // ---- Mercado Pago
    if (path === '/checkout/preferences' || path.startsWith('/v1/payments')) {
      if (!keyOk(bearer(req), opts.keys?.mercadoPagoToken))
        return json(res, 401, { message: 'invalid access token', status: 401 });
      if (method === 'POST' && path === '/checkout/preferences') {
        const body = JSON.parse(raw || '{}') as {
          items?: { unit_price?: number }[];
          external_reference?: string;
          notification_url?: string;
        };
        const amount = Number(body.items?.[0]?.unit_price);
        if (!Number.isFinite(amount) || amount <= 0) return json(res, 400, { message: 'invalid items', status: 400 });
        const c: StandinCharge = {
          provider: 'mercadopago',
          id: `${Math.floor(Math.random() * 1e9)}-${randomUUID()}`,
          reference: body.external_reference ?? '',
          amount,
          status: 'pending',
          notificationUrl: body.notification_url,
          createdAt: new Date().toISOString(),
          deliveries: [],
        };
        charges.push(c);
        return json(res, 201, {
          id: c.id,
          init_point: `${base}/pay/mercadopago/${c.id}`,
          sandbox_init_point: `${base}/pay/mercadopago/${c.id}`,
          external_reference: c.reference,
          notification_url: c.notificationUrl,
        });
      }
      if (method === 'GET' && path === '/v1/payments/search') {
        const ref = url.searchParams.get('external_reference');
        const results = charges.filter((c) => c.provider === 'mercadopago' && c.reference === ref && c.paymentId).map(mpPayment);
        return json(res, 200, { results, paging: { total: results.length, limit: 30, offset: 0 } });
      }
      m = method === 'GET' ? /^\/v1\/payments\/(\d+)$/.exec(path) : null;
      if (m) {
        const c = charges.find((x) => x.provider === 'mercadopago' && String(x.paymentId) === m![1]);
        return c ? json(res, 200, mpPayment(c)) : json(res, 404, { message: 'Payment not found', status: 404 });
      }
    }

    // ---- Asaas (v3)
    if (path.startsWith('/v3/')) {
      const token = req.headers.access_token;
      if (!keyOk(typeof token === 'string' ? token : undefined, opts.keys?.asaasToken)) {
        return json(res, 401, { errors: [{ code: 'invalid_access_token', description: 'A chave de API fornecida é inválida' }] });
      }
      if (method === 'POST' && path === '/v3/customers') {
        const body = JSON.parse(raw || '{}') as { name?: string; cpfCnpj?: string };
        if (!body.name || !body.cpfCnpj)
          return json(res, 400, { errors: [{ code: 'invalid_object', description: 'name and cpfCnpj are required' }] });
        const id = `cus_${hex(6)}`;
        asaasCustomers.set(id, { name: body.name, cpfCnpj: body.cpfCnpj });
        return json(res, 200, { object: 'customer', id, name: body.name, cpfCnpj: body.cpfCnpj });
      }
      if (method === 'POST' && path === '/v3/payments') {
        const body = JSON.parse(raw || '{}') as { customer?: string; value?: number; externalReference?: string };
        if (!body.customer || !asaasCustomers.has(body.customer))
          return json(res, 400, { errors: [{ code: 'invalid_customer' }] });
        const c: StandinCharge = {
          provider: 'asaas',
          id: `pay_${hex(6)}`,
          reference: body.externalReference ?? '',
          amount: Number(body.value),
          status: 'pending',
          createdAt: new Date().toISOString(),
          deliveries: [],
        };
        charges.push(c);
        return json(res, 200, asaasPayment(c));
      }
      m = method === 'GET' ? /^\/v3\/payments\/([\w-]+)$/.exec(path) : null;
      if (m) {
        const c = charges.find((x) => x.provider === 'asaas' && x.id === m![1]);
        return c ? json(res, 200, asaasPayment(c)) : json(res, 404, { errors: [{ code: 'not_found' }] });
      }
    }

    // ---- the hosted checkout pages (Stripe, Mercado Pago, Asaas links) and the control API
    m = method === 'GET' ? /^\/pay\/(\w+)\/([\w-]+)$/.exec(path) : null;
    if (m) {
      const c = charges.find((x) => x.id === m![2]);
      if (!c) return json(res, 404, { error: 'unknown charge' });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><meta charset="utf-8"><title>Payment stand-in</title><body style="font-family:sans-serif;max-width:420px;margin:48px auto">` +
          `<h1>${c.provider} (stand-in)</h1><p>R$ ${c.amount.toFixed(2)} — ${c.status}</p>` +
          `<form method="post" action="/_standin/pay"><input type="hidden" name="id" value="${c.id}"><button>Pagar</button></form></body>`,
      );
    }
    if (path === '/_standin/charges' && method === 'GET') return json(res, 200, charges);
    if ((path === '/_standin/pay' || path === '/_standin/refuse') && method === 'POST') {
      const body = (req.headers['content-type'] ?? '').includes('json')
        ? (JSON.parse(raw || '{}') as Match & { delivery?: Delivery })
        : (Object.fromEntries(new URLSearchParams(raw)) as Match & { delivery?: Delivery });
      const match: Match = { ...body, invoiceId: body.invoiceId ? Number(body.invoiceId) : undefined };
      try {
        const c = path === '/_standin/pay' ? await api.pay(match, body.delivery) : await api.refuse(match, body.delivery);
        return json(res, 200, c);
      } catch (err) {
        return json(res, 404, { error: (err as Error).message });
      }
    }
    return json(res, 404, { error: `stand-in: no route ${method} ${path}` });
  }

  async function deliver(c: StandinCharge): Promise<number> {
    let target: string;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    let body: string;
    switch (c.provider) {
      case 'efi': {
        target = `${productUrl}/subscription/webhook/efi/pix?hmac=${encodeURIComponent(opts.efiWebhookHmac ?? '')}`;
        body = JSON.stringify({
          pix: [
            {
              endToEndId: `E${c.id.slice(0, 31)}`,
              txid: c.id,
              chave: 'standin',
              valor: c.amount.toFixed(2),
              horario: new Date().toISOString(),
            },
          ],
        });
        break;
      }
      case 'stripe': {
        target = `${productUrl}/subscription/webhook/stripe`;
        body = JSON.stringify({
          id: `evt_${hex(12)}`,
          object: 'event',
          type: c.status === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired',
          data: { object: stripeSession(c) },
        });
        headers['stripe-signature'] = stripeSignature(body, opts.stripeWebhookSecret ?? '');
        break;
      }
      case 'mercadopago': {
        const dataId = String(c.paymentId);
        const requestId = randomUUID();
        const hook = new URL(c.notificationUrl ?? `${productUrl}/subscription/webhook/mercadopago`);
        hook.searchParams.set('data.id', dataId);
        hook.searchParams.set('type', 'payment');
        target = hook.toString();
        body = JSON.stringify({
          id: Math.floor(Math.random() * 1e12),
          live_mode: false,
          type: 'payment',
          action: 'payment.updated',
          data: { id: dataId },
        });
        headers['x-request-id'] = requestId;
        if (opts.mercadoPagoWebhookSecret)
          headers['x-signature'] = mercadoPagoSignature(dataId, requestId, opts.mercadoPagoWebhookSecret);
        break;
      }
      case 'asaas': {
        target = `${productUrl}/subscription/webhook/asaas`;
        body = JSON.stringify({
          id: `evt_${hex(16)}&${Math.floor(Math.random() * 1e9)}`,
          event: c.status === 'paid' ? 'PAYMENT_RECEIVED' : 'PAYMENT_REFUNDED',
          dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
          payment: asaasPayment(c),
        });
        headers['asaas-access-token'] = opts.asaasWebhookToken ?? '';
        break;
      }
    }
    const res = await fetch(target, { method: 'POST', headers, body });
    c.deliveries.push(res.status);
    return res.status;
  }

  async function settle(match: Match | undefined, status: 'paid' | 'refused', delivery: Delivery = 'once') {
    const c = api.find(match);
    if (!c) throw new Error('no matching charge');
    c.status = status;
    if (c.provider === 'mercadopago' && c.paymentId === undefined) c.paymentId = nextMpPayment++;
    if (delivery !== 'drop') await deliver(c);
    if (delivery === 'twice') await deliver(c);
    return c;
  }

  const api: PaymentStandin = {
    url: '',
    charges: () => [...charges],
    find(match = {}) {
      const found = charges.filter(
        (c) =>
          (!match.provider || c.provider === match.provider) &&
          (!match.id || c.id === match.id) &&
          (!match.reference || c.reference === match.reference) &&
          (!match.invoiceId || c.reference.startsWith(`atendo-${match.invoiceId}-`)),
      );
      return found.at(-1);
    },
    setProductUrl(url) {
      productUrl = url.replace(/\/$/, '');
    },
    pay: (match, delivery) => settle(match, 'paid', delivery),
    refuse: (match, delivery) => settle(match, 'refused', delivery),
    async notify(match) {
      const c = api.find(match);
      if (!c) throw new Error('no matching charge');
      return deliver(c);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => json(res, 500, { error: String((err as Error).message) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  api.url = base;
  return api;
}
