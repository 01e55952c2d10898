import { GlobalStyles } from '@mui/material';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import type { Message, TicketDetail } from '../types';
import { formatWhatsapp } from '../utils/whatsappFormat';

/**
 * The conversation as a printable A4 portrait document (the browser's "Save as PDF"; the file is named from the
 * ticket id through the document title). Only this is printed while it is mounted.
 */
export function ConversationPrint({ ticket, messages }: { ticket: TicketDetail; messages: Message[] }) {
  const { t } = useTranslation();
  const clock = useClock();
  return createPortal(
    <>
      <GlobalStyles
        styles={{
          '@page': { size: 'A4 portrait', margin: '12mm' },
          '#conversation-print': { display: 'none' },
          '@media print': {
            'body > *:not(#conversation-print)': { display: 'none !important' },
            '#conversation-print': { display: 'block', color: '#000', background: '#fff', font: '11pt sans-serif' },
          },
        }}
      />
      <div id="conversation-print" data-testid="conversation-print">
        <h1 style={{ fontSize: '14pt', margin: '0 0 4pt' }}>
          {ticket.contact.name} — #{ticket.id}
        </h1>
        <p style={{ margin: '0 0 10pt', color: '#555' }}>
          {ticket.queue?.name ?? ''} {ticket.user ? `· ${ticket.user.name}` : ''}
        </p>
        {messages.map((m) => (
          <div key={m.id} style={{ breakInside: 'avoid', margin: '0 0 6pt' }}>
            <div style={{ color: '#555', fontSize: '9pt' }}>
              {formatDateTime(clock, m.createdAt)} ·{' '}
              {m.fromMe ? (m.user?.name ?? t('tickets.print.bot')) : (m.contact?.name ?? ticket.contact.name)}
              {m.isPrivate ? ` · ${t('tickets.message.privateNote')}` : ''}
            </div>
            <div style={{ whiteSpace: 'pre-wrap' }}>
              {m.isDeleted
                ? t('tickets.message.deletedOwn')
                : m.body
                  ? formatWhatsapp(m.body)
                  : m.mediaType !== 'text'
                    ? `[${m.mediaName ?? m.mediaType}]`
                    : ''}
            </div>
          </div>
        ))}
      </div>
    </>,
    document.body,
  );
}
