/**
 * What the automation uses of file lists: a chatbot step of type file sends the list's message and its files as
 * bot messages, stored in the automation's transaction through the outbound pipeline's insert.
 */
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { fileLists } from '../../db/schema';
import type { MediaStorage } from '../../platform/media';
import { insertOutbound, lastMessageText, type TicketRow } from '../messages/messages.public';

const categoryOf = (mime: string) => {
  const top = mime.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'application';
};

/** Stores the list's message, then each file, as messages of the ticket; answers their ids in order (none when the list is gone). */
export async function insertFileListMessages(
  tx: Db,
  media: Pick<MediaStorage, 'resolve'>,
  ticket: TicketRow,
  fileListId: number,
): Promise<number[]> {
  const [list] = await tx
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, ticket.companyId), eq(fileLists.id, fileListId)));
  if (!list || !ticket.whatsappId) return [];
  const ids: number[] = [];
  const base = {
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    quotedMsgId: null,
    isPrivate: false,
    queueId: ticket.queueId,
    userId: null,
    dataJson: { automatic: 'reply', fileListId },
  };
  const text = list.message.trim();
  if (text) {
    const { message } = await insertOutbound(
      tx,
      { companyId: ticket.companyId },
      {
        ...base,
        body: text,
        mediaType: 'text',
        mediaUrl: null,
        mediaName: null,
        mediaMimeType: null,
        mediaSize: null,
        lastMessage: lastMessageText(text, 'text'),
      },
    );
    ids.push(message.id);
  }
  for (const o of list.options) {
    const abs = o.path ? media.resolve(o.path) : null;
    const size = abs
      ? await stat(abs).then(
          (s) => s.size,
          () => null,
        )
      : null;
    if (!o.path || size === null) continue;
    const mediaType = categoryOf(o.mediaType);
    const { message } = await insertOutbound(
      tx,
      { companyId: ticket.companyId },
      {
        ...base,
        body: mediaType === 'application' ? o.name : '',
        mediaType,
        mediaUrl: o.path,
        mediaName: o.name,
        mediaMimeType: o.mediaType || 'application/octet-stream',
        mediaSize: size,
        lastMessage: lastMessageText('', mediaType),
      },
    );
    ids.push(message.id);
  }
  return ids;
}
