import { z } from 'zod';

/** Company-level setting columns (seed 001 §3) with the value a new company gets. */
export const COMPANY_SETTING_DEFAULTS = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  closeTicketOnTransfer: 'false',
  DirectTicketsToWallets: 'disabled',
  showNotificationPending: 'false',
  transferMessage: '',
  greetingAcceptedMessage: '',
  AcceptCallWhatsappMessage: '',
  sendQueuePositionMessage: '',
} as const;

export type CompanySettingColumn = keyof typeof COMPANY_SETTING_DEFAULTS;
export const COMPANY_SETTING_COLUMNS = Object.keys(COMPANY_SETTING_DEFAULTS) as CompanySettingColumn[];
export type CompanySettings = { [K in CompanySettingColumn]: string };

/** Columns whose values are true/false rather than enabled/disabled (seed 001 §3). */
export const BOOLEAN_TEXT_COLUMNS: CompanySettingColumn[] = ['closeTicketOnTransfer', 'showNotificationPending'];
export const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'] as const;

/** Global (platform) setting keys of seed 001 §3, plus allowSignup (seed 002 §2.17). */
export const GLOBAL_SETTING_DEFAULTS: Record<string, string> = {
  userCreation: 'enabled',
  downloadLimit: '64',
  allowSignup: 'enabled',
  appName: '',
  primaryColorLight: '#0000FF',
  primaryColorDark: '#39ACE7',
  appLogoLight: '',
  appLogoDark: '',
  appLogoFavicon: '',
  eficlientid: '',
  eficlientsecret: '',
  efichavepix: '',
  mpaccesstoken: '',
  stripeprivatekey: '',
  asaastoken: '',
  openaikeyaudio: '',
};
/** Global keys whose values are secrets: never sent back in full. */
export const SECRET_SETTING_KEYS = [
  'eficlientid',
  'eficlientsecret',
  'efichavepix',
  'mpaccesstoken',
  'stripeprivatekey',
  'asaastoken',
  'openaikeyaudio',
];

export const PublicSettingDto = z.object({ key: z.string(), value: z.string().nullable() });
export const KeyValue = z.object({ key: z.string(), value: z.string() });
export type KeyValue = z.infer<typeof KeyValue>;
