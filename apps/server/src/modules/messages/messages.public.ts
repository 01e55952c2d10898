/**
 * What other modules may use of messages (docs/architecture.md, the module rule): the outbound pipeline's own
 * insert (ack 0, sent by the send job), for a message written inside another module's transaction (automation).
 */
export { insertOutbound, type OutboundRow } from './messages.repository';
