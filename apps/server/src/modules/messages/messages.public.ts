/**
 * What other modules may use of messages besides the outbound service (docs/architecture.md, the module rule):
 * the message, ticket and contact as the API shows them, the columns a stored message is read back with, the send
 * and download jobs to enqueue, and the outbound pipeline's own insert (ack 0, sent by the send job) for a message
 * written inside another module's transaction — insertAutomaticMessage for everything the product says by itself.
 */
export {
  type ContactRow,
  lastMessageText,
  MESSAGE_RETURNING,
  type MessageRow,
  type TicketRow,
  toContactDto,
  toMessageDto,
  toTicketDto,
} from './messages.dto';
export { downloadMediaJob, outboundQueueByChannel, sendMessageJob } from './messages.jobs';
export {
  type AutomaticMessage,
  findMessageRow,
  insertAutomaticMessage,
  insertOutbound,
  lastCustomerMessageAt,
  type OutboundRow,
} from './messages.repository';
