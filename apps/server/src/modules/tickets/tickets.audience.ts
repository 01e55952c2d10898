/**
 * The one rule for who hears about a ticket and how it is shown to them (issue 15 item 1). Every publisher of a
 * ticket's events — the tickets service, ingest, outbound, the send job, automation, the channels through the
 * composition root — asks this file, never builds rooms or masks numbers itself.
 *
 * - Rooms: the sockets following the ticket, its owner, and — for a group ticket — only the users with allowGroup
 *   who may see its queue; otherwise its queue's attendants (or, without a queue, those who see queueless tickets)
 *   and the admins. Never the whole company, never a status room (anyone can join those).
 * - Presentation: rooms mix admins and profile users, so with LGPD number hiding on every number an event carries
 *   is masked (seed 000 §5); a group's id is never masked.
 */
import { type CompanySettings, lgpdHidesNumbers, maskPhoneNumber } from '@atendo/shared';
import type { Db } from '../../db/open';
import type { Tenant } from '../../platform/context';
import { rooms } from '../../platform/realtime-port';
import { findCompanySettings } from '../settings/settings.public';
import { groupAudience } from './tickets.repository';

/** What the rule needs to know of a ticket. */
export interface TicketScope {
  id: number;
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
}

/** Those who hear a ticket's events, and its payloads as they may see them. */
export interface Audience {
  to: string[];
  /** Numbers are masked in every payload (LGPD number hiding is on). */
  masks: boolean;
  /** A ticket payload (its embedded contact's number masked unless it is a group). */
  ticket<T extends { isGroup: boolean; contact?: { number: string } }>(t: T): T;
  /** A contact payload (number masked unless it is a group). */
  contact<T extends { isGroup: boolean; number: string }>(c: T): T;
}

export function presenter(masks: boolean): Pick<Audience, 'masks' | 'ticket' | 'contact'> {
  return {
    masks,
    ticket: (t) =>
      !masks || t.isGroup || !t.contact ? t : { ...t, contact: { ...t.contact, number: maskPhoneNumber(t.contact.number) } },
    contact: (c) => (!masks || c.isGroup ? c : { ...c, number: maskPhoneNumber(c.number) }),
  };
}

export function createTicketAudience(db: Db) {
  /** The rooms of one ticket as it is (group tickets only reach users with allowGroup). */
  async function roomsOf(tenant: Tenant, t: TicketScope): Promise<string[]> {
    const list = [rooms.ticket(t.id)];
    if (t.userId) list.push(rooms.user(t.userId));
    if (t.isGroup) {
      for (const id of await groupAudience(db, tenant, t.queueId)) list.push(rooms.user(id));
    } else {
      list.push(t.queueId ? rooms.queue(t.queueId) : rooms.noQueue(), rooms.admins());
    }
    return [...new Set(list)];
  }

  /**
   * Who hears the ticket now (and, given `before`, those who could see it before a move), and how payloads are
   * presented to them. `settings` spares the read when the caller has them.
   */
  async function of(
    tenant: Tenant,
    t: TicketScope,
    opts: { before?: TicketScope; settings?: CompanySettings | null } = {},
  ): Promise<Audience> {
    const [now, then, settings] = await Promise.all([
      roomsOf(tenant, t),
      opts.before ? roomsOf(tenant, opts.before) : [],
      opts.settings ?? findCompanySettings(db, tenant),
    ]);
    return { to: [...new Set([...now, ...then])], ...presenter(settings ? lgpdHidesNumbers(settings) : false) };
  }

  return { of, roomsOf };
}

export type TicketAudience = ReturnType<typeof createTicketAudience>;
