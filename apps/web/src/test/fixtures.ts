import { addDays, dayIn, type PlanDto, type SessionUserDto, storedDay } from '@atendo/shared';
import type { ContactInfo, Ticket } from '../shared/data/tickets/types';

export function makePlan(overrides: Partial<PlanDto> = {}): PlanDto {
  return {
    id: 1,
    name: 'Plano',
    users: 10,
    connections: 10,
    queues: 10,
    amount: 99.9,
    isPublic: true,
    useWhatsapp: true,
    useFacebook: true,
    useInstagram: true,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    trialDays: 7,
    ...overrides,
  };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export function makeUser(
  overrides: Partial<SessionUserDto> = {},
  company: Partial<SessionUserDto['company']> = {},
): SessionUserDto {
  const plan = company.plan === undefined ? makePlan() : company.plan;
  return {
    id: 7,
    companyId: 2,
    name: 'Ana',
    email: 'ana@example.com',
    profile: 'user',
    super: false,
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    allTicket: 'disabled',
    allowGroup: 'disabled',
    allHistoric: 'disabled',
    allUserChat: 'disabled',
    userClosePendingTicket: 'disabled',
    defaultTheme: 'light',
    defaultMenu: 'open',
    defaultTicketsManagerWidth: 550,
    language: null,
    color: null,
    startWork: '00:00',
    endWork: '23:59',
    profileImage: null,
    queues: [],
    queueIds: [],
    whatsappId: null,
    online: true,
    twoFactorEnabled: false,
    twoFactorRequired: false,
    ...overrides,
    company: {
      id: 2,
      name: 'Loja Exemplo',
      dueDate: inDays(30),
      status: true,
      planId: plan?.id ?? null,
      timezone: 'America/Sao_Paulo',
      companieSettings: [],
      ...company,
      plan,
    },
  };
}

/** A due date `days` calendar days from today on São Paulo's clock, as the API stores it (UTC midnight, issue 30 item 2). */
const dueInDays = (days: number) => storedDay(addDays(dayIn(new Date(), 'America/Sao_Paulo'), Math.floor(days))).toISOString();

export { dueInDays, inDays };

/** An inbox row as GET /tickets answers it (dates as ISO strings). */
export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  const now = new Date().toISOString();
  return {
    id: 11,
    uuid: '8d5c1a52-3c1e-4a43-9d0e-0b8c0f1d2e3f',
    companyId: 2,
    status: 'pending',
    contactId: 3,
    contact: {
      id: 3,
      name: 'Bia',
      number: '5511988880000',
      email: '',
      urlPicture: '',
      disableBot: false,
      isGroup: false,
      active: true,
      channel: 'whatsapp',
    },
    whatsappId: null,
    whatsapp: null,
    userId: null,
    user: null,
    queueId: null,
    queue: null,
    channel: 'whatsapp',
    isGroup: false,
    isBot: false,
    useIntegration: false,
    integrationId: null,
    lastMessage: '',
    lastMessageAt: now,
    sla: null,
    unreadMessages: 0,
    fromMe: false,
    amountUsedBotQueues: 0,
    tags: [],
    userRating: null,
    closedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** A contact as GET /contacts/:id answers it (the contact panel's). */
export function makeContact(overrides: Partial<ContactInfo> = {}): ContactInfo {
  return {
    id: 9,
    name: 'Maria',
    number: '5511988887777',
    email: '',
    profilePicUrl: '',
    urlPicture: '',
    isGroup: false,
    active: true,
    acceptAudioMessage: true,
    disableBot: false,
    channel: 'whatsapp',
    extraInfo: [],
    tags: [],
    whatsappId: null,
    whatsapp: null,
    ...overrides,
  } as ContactInfo;
}
