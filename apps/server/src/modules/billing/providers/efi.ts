import { timingSafeEqual } from 'node:crypto';
import { type ChargeStatus, callJson, InvalidNotification, onlyDigits, type PaymentProvider, parseJsonBody } from './port';

interface EfiCob {
  txid: string;
  status: string;
  loc?: { id: number };
  pixCopiaECola?: string;
  valor?: { original?: string };
  /** The PIX payments received for the cob: what was paid. */
  pix?: { valor?: string }[];
}

/** What a cob received: the sum of its PIX payments, else its original value. */
function cobAmount(cob: EfiCob): number | undefined {
  const paid = (cob.pix ?? []).map((p) => Number(p.valor)).filter(Number.isFinite);
  if (paid.length) return paid.reduce((a, b) => a + b, 0);
  const original = Number(cob.valor?.original);
  return Number.isFinite(original) ? original : undefined;
}

const cobStatus = (s: string): ChargeStatus => (s === 'CONCLUIDA' ? 'paid' : s.startsWith('REMOVIDA') ? 'refused' : 'pending');

/**
 * Efí PIX (API Pix: OAuth client credentials, an immediate `cob`, its location's QR code). Efí's webhook carries no
 * signature of its own (mTLS at Efí's edge): the URL registered with Efí carries our `hmac` query secret, and every
 * txid it names is fetched back — only the cob's own status counts.
 */
export function efiProvider(opts: {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  pixKey: string;
  webhookHmac?: string;
  /** The application's .p12 (Settings → certificate): Efí's API takes only mutual TLS. */
  certificate?: () => Buffer | undefined;
}): PaymentProvider {
  const call = <T>(url: string, init: Parameters<typeof callJson>[1]) => callJson<T>(url, { ...init, pfx: opts.certificate?.() });
  let token: { value: string; until: number } | undefined;
  const bearer = async () => {
    if (token && token.until > Date.now()) return { authorization: `Bearer ${token.value}` };
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const res = await call<{ access_token: string; expires_in: number }>(`${opts.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
      body: { grant_type: 'client_credentials' },
    });
    token = { value: res.access_token, until: Date.now() + Math.max(60, (res.expires_in ?? 3600) - 60) * 1000 };
    return { authorization: `Bearer ${token.value}` };
  };
  return {
    name: 'efi',
    async createCharge(req) {
      const doc = onlyDigits(req.payer.taxId);
      const devedor =
        doc.length === 11
          ? { cpf: doc, nome: req.payer.name }
          : doc.length === 14
            ? { cnpj: doc, nome: req.payer.name }
            : undefined;
      const cob = await call<EfiCob>(`${opts.apiUrl}/v2/cob`, {
        method: 'POST',
        headers: await bearer(),
        body: {
          calendario: { expiracao: 3600 },
          ...(devedor ? { devedor } : {}),
          valor: { original: req.amount.toFixed(2) },
          chave: opts.pixKey,
          solicitacaoPagador: req.description.slice(0, 140),
          infoAdicionais: [{ nome: 'referencia', valor: req.reference }],
        },
      });
      let copyPaste = cob.pixCopiaECola;
      let image: string | null = null;
      if (cob.loc?.id !== undefined) {
        const qr = await call<{ qrcode: string; imagemQrcode: string }>(`${opts.apiUrl}/v2/loc/${cob.loc.id}/qrcode`, {
          headers: await bearer(),
        });
        copyPaste = qr.qrcode || copyPaste;
        image = qr.imagemQrcode || null;
      }
      if (!copyPaste) throw new Error('Efí answered a cob without a PIX code');
      return { externalId: cob.txid, pixCopyPaste: copyPaste, pixImage: image };
    },
    async verifyNotification(n) {
      if (!opts.webhookHmac) throw new InvalidNotification('no Efí webhook hmac configured');
      const hmac = typeof n.query.hmac === 'string' ? n.query.hmac : '';
      const a = Buffer.from(hmac);
      const b = Buffer.from(opts.webhookHmac);
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new InvalidNotification('bad hmac');
      const body = parseJsonBody(n.rawBody) as { pix?: { txid?: string; endToEndId?: string }[] };
      const pix = (body.pix ?? []).filter((p) => p.txid);
      const charges = [];
      for (const p of pix) {
        // The notification is only a hint: the cob's status is read back from Efí.
        const cob = await call<EfiCob>(`${opts.apiUrl}/v2/cob/${encodeURIComponent(p.txid!)}`, { headers: await bearer() });
        charges.push({ externalId: cob.txid, status: cobStatus(cob.status), amount: cobAmount(cob) });
      }
      return { eventId: `efi:${pix.map((p) => p.endToEndId ?? p.txid).join(',')}`, charges };
    },
    async fetchStatus({ externalId }) {
      if (!externalId) return { status: 'pending' };
      const cob = await call<EfiCob>(`${opts.apiUrl}/v2/cob/${encodeURIComponent(externalId)}`, { headers: await bearer() });
      return { status: cobStatus(cob.status), amount: cobAmount(cob) };
    },
  };
}
