import type { PlanDto, SessionUserDto } from '@atendo/shared';

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

export { inDays };
