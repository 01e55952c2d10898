import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/download';
import { toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import type { TicketDetail } from '../../../shared/data/tickets/types';
import { useClock } from '../../../shared/hooks/useClock';
import { toast } from '../../../shared/toast';
import { loadWholeConversation } from './useMessages';

/**
 * PDF export of a conversation (seed 000 §5): the whole conversation is loaded and written as an A4 portrait PDF of
 * real text, downloaded as `ticket-{id}.pdf`; a conversation with nothing in it says 'Elemento não encontrado para
 * exportar.'. pdf-lib is loaded only when a user exports.
 */
export function useConversationExport(ticket: TicketDetail) {
  const { t } = useTranslation();
  const clock = useClock();
  return async () => {
    try {
      const messages = await loadWholeConversation(ticket.id);
      if (!messages.length) {
        toast.error(t('tickets.print.nothing'));
        return;
      }
      const { conversationPdf } = await import('../utils/conversationPdf');
      const bytes = await conversationPdf({
        title: `${ticket.contact.name} — #${ticket.id}`,
        subtitle: [ticket.queue?.name, ticket.user?.name].filter(Boolean).join(' · '),
        entries: messages.map((m) => ({
          meta: [
            formatDateTime(clock, m.createdAt),
            m.fromMe ? (m.user?.name ?? t('tickets.print.bot')) : (m.contact?.name ?? ticket.contact.name),
            m.isPrivate ? t('tickets.message.privateNote') : '',
          ]
            .filter(Boolean)
            .join(' · '),
          text: m.isDeleted
            ? t('tickets.message.deletedOwn')
            : m.body || (m.mediaType !== 'text' ? `[${m.mediaName ?? m.mediaType}]` : ''),
        })),
      });
      saveBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), `ticket-${ticket.id}.pdf`);
    } catch (err) {
      toastError(err);
    }
  };
}
