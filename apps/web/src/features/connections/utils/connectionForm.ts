import { CONNECTION_TOKEN_LENGTH, type ScheduleRowDto } from '@atendo/shared';
import type { Connection, ConnectionBody } from '../../../shared/data/connections/useConnections';

export type NewChannel = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram';
export type TabName = 'general' | 'integrations' | 'messages' | 'chatbot' | 'assessments' | 'schedules';

/** The form as the inputs hold it: text for numbers and dates; converted and checked by the shared schema on submit. */
export interface Form {
  name: string;
  isDefault: boolean;
  token: string;
  queueIds: number[];
  groupAsTicket: boolean;
  allowGroup: boolean;
  timeCreateNewTicket: string;
  importOn: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | '';
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  promptId: number | '';
  useIntegration: boolean;
  integrationId: number | '';
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  collectiveVacationMessage: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  expiresTicket: string;
  whenExpiresTicket: '0' | '1';
  expiresInactiveMessage: string;
  timeInactiveMessage: string;
  inactiveMessage: string;
  timeSendQueue: string;
  sendIdQueue: number | '';
  ratingMessage: string;
  maxUseBotQueuesNPS: string;
  expiresTicketNPS: string;
}

export const EMPTY: Form = {
  name: '',
  isDefault: false,
  token: '',
  queueIds: [],
  groupAsTicket: false,
  allowGroup: false,
  timeCreateNewTicket: '0',
  importOn: false,
  importOldMessages: '',
  importRecentMessages: '',
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  queueIdImportMessages: '',
  phoneNumberId: '',
  businessAccountId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  promptId: '',
  useIntegration: false,
  integrationId: '',
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  collectiveVacationStart: '',
  collectiveVacationEnd: '',
  collectiveVacationMessage: '',
  maxUseBotQueues: '3',
  timeUseBotQueues: '0',
  expiresTicket: '0',
  whenExpiresTicket: '0',
  expiresInactiveMessage: '',
  timeInactiveMessage: '',
  inactiveMessage: '',
  timeSendQueue: '',
  sendIdQueue: '',
  ratingMessage: '',
  maxUseBotQueuesNPS: '3',
  expiresTicketNPS: '',
};

/** The date part of a stored date, as the form's date fields hold it. */
export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function fromConnection(c: Connection): Form {
  return {
    name: c.name,
    isDefault: c.isDefault,
    token: c.token,
    queueIds: c.queueIds,
    groupAsTicket: c.groupAsTicket === 'enabled',
    allowGroup: c.allowGroup,
    timeCreateNewTicket: String(c.timeCreateNewTicket),
    importOn: Boolean(c.importOldMessages),
    importOldMessages: day(c.importOldMessages),
    importRecentMessages: day(c.importRecentMessages),
    importOldMessagesGroups: c.importOldMessagesGroups,
    closedTicketsPostImported: c.closedTicketsPostImported,
    queueIdImportMessages: c.queueIdImportMessages ?? '',
    phoneNumberId: c.phoneNumberId ?? '',
    businessAccountId: c.businessAccountId ?? '',
    accessToken: c.accessToken ?? '',
    appSecret: c.appSecret ?? '',
    verifyToken: c.verifyToken ?? '',
    promptId: c.promptId ?? '',
    useIntegration: c.integrationId !== null,
    integrationId: c.integrationId ?? '',
    greetingMessage: c.greetingMessage,
    complationMessage: c.complationMessage,
    outOfHoursMessage: c.outOfHoursMessage,
    collectiveVacationStart: c.collectiveVacationStart ?? '',
    collectiveVacationEnd: c.collectiveVacationEnd ?? '',
    collectiveVacationMessage: c.collectiveVacationMessage,
    maxUseBotQueues: String(c.maxUseBotQueues),
    timeUseBotQueues: String(c.timeUseBotQueues),
    expiresTicket: String(c.expiresTicket),
    whenExpiresTicket: c.whenExpiresTicket === '1' ? '1' : '0',
    expiresInactiveMessage: c.expiresInactiveMessage,
    timeInactiveMessage: c.timeInactiveMessage ? String(c.timeInactiveMessage) : '',
    inactiveMessage: c.inactiveMessage,
    timeSendQueue: c.timeSendQueue ? String(c.timeSendQueue) : '',
    sendIdQueue: c.sendIdQueue ?? '',
    ratingMessage: c.ratingMessage,
    maxUseBotQueuesNPS: String(c.maxUseBotQueuesNPS),
    expiresTicketNPS: c.expiresTicketNPS ? String(c.expiresTicketNPS) : '',
  };
}

/** Which tab shows a field's error. */
export const TAB_OF: Record<string, TabName> = {
  promptId: 'integrations',
  integrationId: 'integrations',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  collectiveVacationMessage: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  expiresTicket: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  timeInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  ratingMessage: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  expiresTicketNPS: 'assessments',
};

export function randomToken() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(CONNECTION_TOKEN_LENGTH));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

const num = (v: string) => (v.trim() === '' ? '' : Number(v));

/** What the form sends (seed 001 §5): numbers from their text, the channel's own fields, nothing a plan turns off. */
export function toBody(
  f: Form,
  o: { channel: NewChannel; isNew: boolean; allowPrompts: boolean; allowIntegrations: boolean; schedules?: ScheduleRowDto[] },
): ConnectionBody {
  const body: ConnectionBody = {
    name: f.name,
    isDefault: f.isDefault,
    token: f.token,
    queueIds: f.queueIds,
    groupAsTicket: f.groupAsTicket ? 'enabled' : 'disabled',
    allowGroup: f.allowGroup,
    timeCreateNewTicket: num(f.timeCreateNewTicket) as number,
    promptId: o.allowPrompts && f.promptId !== '' ? f.promptId : null,
    // Seed 001 §5: with the integration off its selector is disabled and nothing is linked.
    integrationId: o.allowIntegrations && f.useIntegration && f.integrationId !== '' ? f.integrationId : null,
    greetingMessage: f.greetingMessage,
    complationMessage: f.complationMessage,
    outOfHoursMessage: f.outOfHoursMessage,
    collectiveVacationStart: f.collectiveVacationStart || null,
    collectiveVacationEnd: f.collectiveVacationEnd || null,
    collectiveVacationMessage: f.collectiveVacationMessage,
    maxUseBotQueues: num(f.maxUseBotQueues) as number,
    timeUseBotQueues: num(f.timeUseBotQueues) as number,
    expiresTicket: num(f.expiresTicket) as number,
    whenExpiresTicket: f.whenExpiresTicket,
    expiresInactiveMessage: f.expiresInactiveMessage,
    timeInactiveMessage: num(f.timeInactiveMessage) as number,
    inactiveMessage: f.inactiveMessage,
    // An empty timeSendQueue becomes 0 (seed 001 §5).
    timeSendQueue: num(f.timeSendQueue) as number,
    sendIdQueue: f.sendIdQueue === '' ? null : f.sendIdQueue,
    ratingMessage: f.ratingMessage,
    maxUseBotQueuesNPS: num(f.maxUseBotQueuesNPS) as number,
    expiresTicketNPS: num(f.expiresTicketNPS) as number,
    ...(o.schedules ? { schedules: o.schedules } : {}),
  };
  if (o.channel === 'whatsapp') {
    Object.assign(body, {
      importOldMessages: f.importOn ? f.importOldMessages || null : null,
      importRecentMessages: f.importOn ? f.importRecentMessages || null : null,
      importOldMessagesGroups: f.importOldMessagesGroups,
      closedTicketsPostImported: f.closedTicketsPostImported,
      queueIdImportMessages: f.importOn && f.queueIdImportMessages !== '' ? f.queueIdImportMessages : null,
    });
  }
  if (o.channel === 'whatsappapi') {
    Object.assign(body, {
      phoneNumberId: f.phoneNumberId.trim() || null,
      businessAccountId: f.businessAccountId.trim() || null,
      accessToken: f.accessToken,
      appSecret: f.appSecret,
      verifyToken: f.verifyToken,
    });
  }
  if (o.isNew) body.channel = o.channel;
  return body;
}
