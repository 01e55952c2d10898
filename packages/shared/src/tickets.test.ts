import { describe, expect, it } from 'vitest';
import { normalizePixKey, PixMessageBody } from './conversation';
import { maskPhoneNumber, TicketListQuery } from './tickets';

describe('LGPD number mask (seed 000 §5)', () => {
  it('keeps country and area code of Brazilian numbers and the last 2 digits', () => {
    expect(maskPhoneNumber('5511987654321')).toBe('5511*******21');
    expect(maskPhoneNumber('551133334444')).toBe('5511******44');
  });
  it('keeps the first 2 and last 2 digits of other numbers', () => {
    expect(maskPhoneNumber('14155550123')).toBe('14*******23');
  });
});

describe('PIX key (seed 000 §5)', () => {
  it('a PHONE key receives +55 when it lacks it; other types are kept', () => {
    expect(normalizePixKey('PHONE', '11999990000')).toBe('+5511999990000');
    expect(normalizePixKey('PHONE', '+5511999990000')).toBe('+5511999990000');
    expect(normalizePixKey('EMAIL', ' loja@x.com ')).toBe('loja@x.com');
    const body = PixMessageBody.parse({
      sendvalue: '10.5',
      sendkey_type: 'PHONE',
      sendmerchant_name: 'Loja',
      sendKey: '11999990000',
    });
    expect(body).toMatchObject({ sendvalue: 10.5, sendKey: '+5511999990000' });
  });
});

describe('ticket list query', () => {
  it('reads lists as the client sends them: JSON text, comma text or repeated values', () => {
    expect(TicketListQuery.parse({ tags: '[1,2]', queueIds: '3,4', users: ['5', '6'] })).toMatchObject({
      tags: [1, 2],
      queueIds: [3, 4],
      users: [5, 6],
      pageNumber: 1,
      pageSize: 40,
      sortTickets: 'DESC',
    });
    expect(TicketListQuery.parse({ showAll: 'true', withUnreadMessages: 'false', sortTickets: 'asc' })).toMatchObject({
      showAll: true,
      withUnreadMessages: false,
      sortTickets: 'ASC',
    });
    expect(TicketListQuery.safeParse({ tags: '[1, "x"]' }).success).toBe(false);
  });
});
