import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Message, Ticket } from '../../../shared/data/tickets/types';
import { useCurrentUser } from '../../../shared/session/context';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';
import { getVolume } from '../../../shared/storage';
import { toast } from '../../../shared/toast';
import { type NotifyTicket, shouldNotify } from '../utils/notificationRule';

/** A short tone at the top bar's volume: no sound file to ship, and nothing happens where audio is blocked. */
function beep(volume: number) {
  if (volume <= 0) return;
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.2 * volume;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.18);
    osc.onended = () => void ctx.close();
  } catch {
    // a browser without audio is tolerated silently
  }
}

const settingOn = (settings: { key: string; value: string }[], key: string) =>
  settings.some((s) => s.key === key && (s.value === 'enabled' || s.value === 'true'));

/** A desktop notification that opens its ticket when clicked (where the browser allows it). */
function desktopNotice(title: string, o: { body: string; tag: string; icon?: string; open: () => void }) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const n = new Notification(title, { body: o.body, tag: o.tag, icon: o.icon });
    n.onclick = () => {
      window.focus();
      o.open();
      n.close();
    };
  } catch {
    // some browsers only allow notifications from a service worker
  }
}

/**
 * Desktop notification and sound for incoming messages, by the rule of seed 000 §4, for a ticket the queue's
 * assignment rule gave this user, and for a ticket that missed its SLA (mounted once in the shell).
 */
export function useDesktopNotifications() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();

  useSocketEvent('ticketAssigned', (e) => {
    const text = t('inbox.assignedToYou', { id: e.ticketId, contact: e.contactName });
    toast.info(text);
    beep(getVolume());
    desktopNotice(text, { body: e.queueName ?? '', tag: `ticket-${e.ticketId}`, open: () => navigate(`/tickets/${e.uuid}`) });
  });

  // A ticket missed its queue's SLA (to its attendant and the admins; decision 105).
  useSocketEvent('ticketSlaBreached', (e) => {
    const text = t('inbox.slaBreached', {
      id: e.ticketId,
      contact: e.contactName,
      target: t(`tickets.list.sla.target.${e.breach}`),
    });
    toast.warning(text);
    desktopNotice(text, { body: '', tag: `sla-${e.ticketId}`, open: () => navigate(`/tickets/${e.uuid}`) });
  });

  useEffect(() => {
    if (typeof window !== 'undefined' && 'Notification' in window && Notification.permission === 'default') {
      void Notification.requestPermission().catch(() => {});
    }
  }, []);

  useSocketEvent('appMessage', (event) => {
    if (event.action !== 'create') return;
    const message = event.message as Message | undefined;
    const ticket = event.ticket as (NotifyTicket & Partial<Ticket>) | undefined;
    if (!message || !ticket || typeof ticket.id !== 'number') return;
    const openUuid = /^\/tickets\/([^/]+)/.exec(location.pathname)?.[1];
    const visible = document.visibilityState === 'visible' && openUuid !== undefined && openUuid === ticket.uuid;
    const notify = shouldNotify({
      message: { fromMe: Boolean(message.fromMe), read: Boolean(message.read) },
      ticket: {
        id: ticket.id,
        status: ticket.status,
        userId: ticket.userId ?? null,
        queueId: ticket.queueId ?? null,
        isGroup: Boolean(ticket.isGroup),
        whatsapp: ticket.whatsapp ?? null,
      },
      user,
      showNotificationPending: settingOn(user.company.companieSettings, 'showNotificationPending'),
      visibleTicketId: visible ? ticket.id : null,
    });
    if (!notify) return;
    beep(getVolume());
    desktopNotice(ticket.contact?.name ?? '', {
      body: typeof message.body === 'string' ? message.body.slice(0, 200) : '',
      tag: `ticket-${ticket.id}`,
      icon: ticket.contact?.urlPicture || undefined,
      open: () => {
        if (ticket.uuid) navigate(`/tickets/${ticket.uuid}`);
      },
    });
  });
}
