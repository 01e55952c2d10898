/**
 * What other modules and the composition root may use of connections (docs/architecture.md, the module rule):
 * a session's state as a channel reports it, and the lookups the channels' webhooks route by.
 */
export {
  type ChannelConnection,
  countConnectionsByStatus,
  findChannelConnection,
  findChannelConnectionByVerifyToken,
  findChannelConnectionsByPhoneNumberId,
  findCompanyCloudConnections,
  findDefaultChannelConnection,
  findDefaultConnectionSummary,
  findPageConnections,
  findTemplateAccounts,
  updateWhatsappSession,
} from './whatsapps.repository';
