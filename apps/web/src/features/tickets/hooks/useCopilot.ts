import type { CopilotSummaryDto, CopilotTextDto } from '@atendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import type { Message } from '../../../shared/data/tickets/types';
import { upsertMessage } from '../../../shared/data/tickets/useTicketEvents';

const languageOf = (lng: string | undefined) => {
  const l = (lng ?? 'pt').slice(0, 2);
  return l === 'en' || l === 'es' || l === 'tr' ? l : 'pt';
};

/** The AI co-pilot (docs/ai.md): POST /tickets/:ticketId/ai/{suggest|improve|summary}; plan useOpenAi. */
export function useCopilot(ticketId: number) {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const suggest = useMutation({
    mutationFn: () => api.post<CopilotTextDto>(`/tickets/${ticketId}/ai/suggest`, { language }),
  });
  const improve = useMutation({
    mutationFn: (draft: string) => api.post<CopilotTextDto>(`/tickets/${ticketId}/ai/improve`, { draft, language }),
  });
  const summary = useMutation({
    mutationFn: () => api.post<CopilotSummaryDto>(`/tickets/${ticketId}/ai/summary`, { language }),
    // The note arrives by socket too; shown at once here.
    onSuccess: (answer) => upsertMessage(client, answer.message as unknown as Message, true),
  });
  return { suggest, improve, summary, busy: suggest.isPending || improve.isPending || summary.isPending };
}
