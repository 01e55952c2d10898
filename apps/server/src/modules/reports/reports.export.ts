import type { Language, TicketStatus } from '@atendo/shared';

/** The export's words in the user's language (like the contacts export): sheet name, headers, and the statuses as the inbox names them. */
interface ReportLabels {
  sheet: string;
  headers: [
    id: string,
    connection: string,
    contact: string,
    number: string,
    attendant: string,
    queue: string,
    status: string,
    createdAt: string,
    closedAt: string,
    supportTime: string,
    nps: string,
    sla: string,
  ];
  status: Record<TicketStatus, string>;
  /** The first SLA target a ticket missed (decision 105). */
  slaBreach: Record<'firstResponse' | 'nextResponse' | 'resolution', string>;
}

export const REPORT_LABELS: Record<Language, ReportLabels> = {
  pt: {
    sheet: 'atendimentos',
    headers: [
      'Ticket',
      'Conexão',
      'Contato',
      'Número',
      'Atendente',
      'Fila',
      'Status',
      'Criado em',
      'Fechado em',
      'Tempo de atendimento',
      'NPS',
      'SLA estourado',
    ],
    status: {
      pending: 'Aguardando',
      open: 'Em atendimento',
      closed: 'Resolvido',
      group: 'Grupo',
      lgpd: 'LGPD',
      nps: 'Avaliação',
    },
    slaBreach: { firstResponse: 'primeira resposta', nextResponse: 'próxima resposta', resolution: 'resolução' },
  },
  en: {
    sheet: 'tickets',
    headers: [
      'Ticket',
      'Connection',
      'Contact',
      'Number',
      'Attendant',
      'Queue',
      'Status',
      'Created at',
      'Closed at',
      'Support time',
      'NPS',
      'SLA missed',
    ],
    status: { pending: 'Waiting', open: 'In progress', closed: 'Resolved', group: 'Group', lgpd: 'LGPD', nps: 'Rating' },
    slaBreach: { firstResponse: 'first response', nextResponse: 'next response', resolution: 'resolution' },
  },
  es: {
    sheet: 'atenciones',
    headers: [
      'Ticket',
      'Conexión',
      'Contacto',
      'Número',
      'Agente',
      'Cola',
      'Estado',
      'Creado el',
      'Cerrado el',
      'Tiempo de atención',
      'NPS',
      'SLA incumplido',
    ],
    status: { pending: 'En espera', open: 'En atención', closed: 'Resuelto', group: 'Grupo', lgpd: 'LGPD', nps: 'Evaluación' },
    slaBreach: { firstResponse: 'primera respuesta', nextResponse: 'siguiente respuesta', resolution: 'resolución' },
  },
  tr: {
    sheet: 'destekler',
    headers: [
      'Talep',
      'Bağlantı',
      'Kişi',
      'Numara',
      'Temsilci',
      'Kuyruk',
      'Durum',
      'Oluşturulma',
      'Kapanış',
      'Destek süresi',
      'NPS',
      'Aşılan SLA',
    ],
    status: { pending: 'Bekliyor', open: 'İşlemde', closed: 'Çözüldü', group: 'Grup', lgpd: 'KVKK', nps: 'Değerlendirme' },
    slaBreach: { firstResponse: 'ilk yanıt', nextResponse: 'sonraki yanıt', resolution: 'çözüm' },
  },
};
