import type { CurrentPlanDto, InvoiceDto, InvoicePageDto, PaymentEvent, SubscriptionBody, SubscriptionDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../shared/api/client';
import { useInfiniteSearch } from '../../../shared/hooks/useInfiniteSearch';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';
import { billingKeys } from './keys';

/** GET /invoices/all (searchParam, pageNumber → invoices, hasMore). */
export function useInvoices() {
  return useInfiniteSearch<InvoiceDto>({
    queryKey: billingKeys.invoices,
    fetchPage: async ({ searchParam, pageNumber, signal }) => {
      const page = await api.get<InvoicePageDto>('/invoices/all', {
        query: { searchParam: searchParam || undefined, pageNumber },
        signal,
      });
      return { records: page.invoices, hasMore: page.hasMore };
    },
  });
}

/** GET /financeiro/plano-atual: the plan the checkout starts from (null when the call fails: a default name is shown). */
export function useCurrentPlan() {
  return useQuery({
    queryKey: billingKeys.currentPlan,
    queryFn: async () => {
      try {
        return await api.get<CurrentPlanDto>('/financeiro/plano-atual');
      } catch {
        return null;
      }
    },
    retry: false,
  });
}

export function useSubscribe() {
  return useMutation({ mutationFn: (body: SubscriptionBody) => api.post<SubscriptionDto>('/subscription', body) });
}

/** `company-{id}-payment`: a paid charge (CONCLUIDA) refreshes the invoices and hands the new due date to `onPaid`. */
export function usePaymentEvents(onPaid: (event: PaymentEvent) => void) {
  const qc = useQueryClient();
  const latest = useRef(onPaid);
  latest.current = onPaid;
  useSocketEvent('payment', (e) => {
    if (e.action !== 'CONCLUIDA') return;
    void qc.invalidateQueries({ queryKey: billingKeys.all });
    latest.current(e);
  });
}
