import type { Language } from '@atendo/shared';

/** The satisfaction export's words in the user's language (like the tickets report's export). */
interface SatisfactionLabels {
  sheets: { summary: string; attendants: string; queues: string; trend: string; words: string };
  period: string;
  asked: string;
  rated: string;
  responseRate: string;
  nps: string;
  csat: string;
  avgRate: string;
  promoters: string;
  passive: string;
  detractors: string;
  score: string;
  answers: string;
  attendant: string;
  queue: string;
  none: string;
  day: string;
  week: string;
  /** After the attendant's or queue's name: asked, rated, response rate, NPS, CSAT, average, the three bands. */
  groupHeaders: string[];
  /** Ticket, rated at, contact, attendant, queue, score, the customer's words. */
  wordsHeaders: string[];
}

const groupHeaders = (l: Omit<SatisfactionLabels, 'groupHeaders' | 'wordsHeaders' | 'sheets'>) => [
  l.asked,
  l.rated,
  l.responseRate,
  l.nps,
  l.csat,
  l.avgRate,
  l.promoters,
  l.passive,
  l.detractors,
];

function labels(
  l: Omit<SatisfactionLabels, 'groupHeaders' | 'wordsHeaders'>,
  words: { ticket: string; ratedAt: string; contact: string; text: string },
): SatisfactionLabels {
  return {
    ...l,
    groupHeaders: groupHeaders(l),
    wordsHeaders: [words.ticket, words.ratedAt, words.contact, l.attendant, l.queue, l.score, words.text],
  };
}

export const SATISFACTION_LABELS: Record<Language, SatisfactionLabels> = {
  pt: labels(
    {
      sheets: { summary: 'resumo', attendants: 'atendentes', queues: 'filas', trend: 'evolução', words: 'comentários' },
      period: 'Período',
      asked: 'Avaliações pedidas',
      rated: 'Avaliações respondidas',
      responseRate: 'Taxa de resposta (%)',
      nps: 'NPS',
      csat: 'CSAT (%)',
      avgRate: 'Nota média',
      promoters: 'Promotores',
      passive: 'Neutros',
      detractors: 'Detratores',
      score: 'Nota',
      answers: 'Respostas',
      attendant: 'Atendente',
      queue: 'Fila',
      none: '(nenhum)',
      day: 'Dia',
      week: 'Semana',
    },
    { ticket: 'Ticket', ratedAt: 'Avaliado em', contact: 'Contato', text: 'Comentário do cliente' },
  ),
  en: labels(
    {
      sheets: { summary: 'summary', attendants: 'attendants', queues: 'queues', trend: 'trend', words: 'comments' },
      period: 'Period',
      asked: 'Ratings requested',
      rated: 'Ratings answered',
      responseRate: 'Response rate (%)',
      nps: 'NPS',
      csat: 'CSAT (%)',
      avgRate: 'Average score',
      promoters: 'Promoters',
      passive: 'Passives',
      detractors: 'Detractors',
      score: 'Score',
      answers: 'Answers',
      attendant: 'Attendant',
      queue: 'Queue',
      none: '(none)',
      day: 'Day',
      week: 'Week',
    },
    { ticket: 'Ticket', ratedAt: 'Rated at', contact: 'Contact', text: "Customer's comment" },
  ),
  es: labels(
    {
      sheets: { summary: 'resumen', attendants: 'agentes', queues: 'colas', trend: 'evolución', words: 'comentarios' },
      period: 'Período',
      asked: 'Evaluaciones solicitadas',
      rated: 'Evaluaciones respondidas',
      responseRate: 'Tasa de respuesta (%)',
      nps: 'NPS',
      csat: 'CSAT (%)',
      avgRate: 'Nota media',
      promoters: 'Promotores',
      passive: 'Neutros',
      detractors: 'Detractores',
      score: 'Nota',
      answers: 'Respuestas',
      attendant: 'Agente',
      queue: 'Cola',
      none: '(ninguno)',
      day: 'Día',
      week: 'Semana',
    },
    { ticket: 'Ticket', ratedAt: 'Evaluado el', contact: 'Contacto', text: 'Comentario del cliente' },
  ),
  tr: labels(
    {
      sheets: { summary: 'özet', attendants: 'temsilciler', queues: 'kuyruklar', trend: 'eğilim', words: 'yorumlar' },
      period: 'Dönem',
      asked: 'İstenen değerlendirmeler',
      rated: 'Yanıtlanan değerlendirmeler',
      responseRate: 'Yanıt oranı (%)',
      nps: 'NPS',
      csat: 'CSAT (%)',
      avgRate: 'Ortalama puan',
      promoters: 'Destekçiler',
      passive: 'Pasifler',
      detractors: 'Eleştirenler',
      score: 'Puan',
      answers: 'Yanıtlar',
      attendant: 'Temsilci',
      queue: 'Kuyruk',
      none: '(yok)',
      day: 'Gün',
      week: 'Hafta',
    },
    { ticket: 'Talep', ratedAt: 'Değerlendirme', contact: 'Kişi', text: 'Müşteri yorumu' },
  ),
};
