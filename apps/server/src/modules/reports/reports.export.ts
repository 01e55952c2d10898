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
  ];
  status: Record<TicketStatus, string>;
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
    ],
    status: {
      pending: 'Aguardando',
      open: 'Em atendimento',
      closed: 'Resolvido',
      group: 'Grupo',
      lgpd: 'LGPD',
      nps: 'Avaliação',
    },
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
    ],
    status: { pending: 'Waiting', open: 'In progress', closed: 'Resolved', group: 'Group', lgpd: 'LGPD', nps: 'Rating' },
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
    ],
    status: { pending: 'En espera', open: 'En atención', closed: 'Resuelto', group: 'Grupo', lgpd: 'LGPD', nps: 'Evaluación' },
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
    ],
    status: { pending: 'Bekliyor', open: 'İşlemde', closed: 'Çözüldü', group: 'Grup', lgpd: 'KVKK', nps: 'Değerlendirme' },
  },
};
