import { describe, expect, it } from 'vitest';
import { type NotifyInput, shouldNotify } from './notificationRule';

const me = { id: 7, queueIds: [1, 2], allTicket: 'disabled' as const, allowGroup: 'disabled' as const };
const base: NotifyInput = {
  message: { fromMe: false, read: false },
  ticket: { id: 10, status: 'open', userId: null, queueId: 1, isGroup: false, whatsapp: { groupAsTicket: 'disabled' } },
  user: me,
  showNotificationPending: false,
  visibleTicketId: null,
};

type Case = [string, Partial<{ [K in keyof NotifyInput]: Partial<NotifyInput[K]> }>, boolean];

const cases: Case[] = [
  ['unassigned ticket of my queue', {}, true],
  ['my own ticket', { ticket: { userId: 7 } }, true],
  ['message from me', { message: { fromMe: true } }, false],
  ['message already read', { message: { read: true } }, false],
  ['ticket assigned to someone else', { ticket: { userId: 8 } }, false],
  ['queue I do not attend', { ticket: { queueId: 3 } }, false],
  ['no queue, allTicket off', { ticket: { queueId: null } }, false],
  ['no queue, allTicket on', { ticket: { queueId: null }, user: { allTicket: 'enabled' } }, true],
  ['pending, showNotificationPending off', { ticket: { status: 'pending' } }, false],
  ['pending, showNotificationPending on', { ticket: { status: 'pending' }, showNotificationPending: true }, true],
  ['group, allowGroup off', { ticket: { isGroup: true, whatsapp: { groupAsTicket: 'enabled' } } }, false],
  ['group, allowGroup on, groupAsTicket off', { ticket: { isGroup: true }, user: { allowGroup: 'enabled' } }, false],
  [
    'group, allowGroup on, groupAsTicket on',
    { ticket: { isGroup: true, whatsapp: { groupAsTicket: 'enabled' } }, user: { allowGroup: 'enabled' } },
    true,
  ],
  ['that ticket is open and visible', { visibleTicketId: 10 }, false],
  ['another ticket is visible', { visibleTicketId: 11 }, true],
];

describe('shouldNotify (seed 000 §4 desktop notification rule)', () => {
  it.each(cases)('%s', (_name, change, expected) => {
    const input: NotifyInput = {
      message: { ...base.message, ...change.message },
      ticket: { ...base.ticket, ...change.ticket },
      user: { ...base.user, ...change.user },
      showNotificationPending: (change.showNotificationPending as boolean | undefined) ?? base.showNotificationPending,
      visibleTicketId: change.visibleTicketId === undefined ? base.visibleTicketId : (change.visibleTicketId as number | null),
    };
    expect(shouldNotify(input)).toBe(expected);
  });
});
