import { createHmac } from 'node:crypto';

/** CRC16-CCITT (poly 0x1021, init 0xFFFF): the checksum that closes a PIX BR Code (field 63). */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A dynamic PIX BR Code (copia-e-cola) pointing at a location, as a PSP issues for a `cob`. */
export function pixBrCode(opts: { location: string; amount: number; merchantName: string; city: string }): string {
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('25', opts.location)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', opts.amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', opts.merchantName.slice(0, 25)) +
    field('60', opts.city.slice(0, 15)) +
    field('62', field('05', '***'));
  const withCrcId = `${body}6304`;
  return withCrcId + crc16(withCrcId);
}

/** `Stripe-Signature: t=…,v1=…` over `${t}.${body}`. */
export function stripeSignature(body: string, secret: string, t = Math.floor(Date.now() / 1000)) {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** Mercado Pago's `x-signature: ts=…,v1=…` over `id:{data.id};request-id:{x-request-id};ts:{ts};`. */
export function mercadoPagoSignature(dataId: string, requestId: string, secret: string, ts = String(Date.now())) {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}
