import type { ScheduleCreateBody, ScheduleDto, SchedulePageDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { toastError } from '../../api/errors';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { toast } from '../../toast';
import type { Wire } from '../tickets/types';
import { scheduleKeys } from './keys';

export type Schedule = Wire<ScheduleDto>;

const MAX_PAGES = 25;

/** Every schedule of the shown weeks (all pages), searched by contact name or text. */
export function useMonthSchedules(from: Date, to: Date, search: string) {
  return useQuery({
    queryKey: scheduleKeys.calendar({ from: from.toISOString(), to: to.toISOString(), search }),
    queryFn: async ({ signal }) => {
      const all: Schedule[] = [];
      for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
        const page = await api.get<Wire<SchedulePageDto>>('/schedules', {
          query: { from: from.toISOString(), to: to.toISOString(), searchParam: search || undefined, pageNumber },
          signal,
        });
        all.push(...page.schedules);
        if (!page.hasMore) break;
      }
      return all;
    },
  });
}

/** One contact's schedules still waiting (GET /schedules?contactId&status=PENDENTE). */
export function useWaitingSchedules(contactId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.waiting(contactId ?? 0),
    enabled: enabled && Boolean(contactId),
    queryFn: ({ signal }) =>
      api.get<Wire<SchedulePageDto>>('/schedules', { query: { contactId: contactId ?? undefined, status: 'PENDENTE' }, signal }),
  });
}

/** company-{id}-schedule: every schedule list refetches. */
export function useScheduleEvents() {
  const client = useQueryClient();
  useSocketEvent('schedule', () => {
    void client.invalidateQueries({ queryKey: scheduleKeys.all });
  });
}

/** DELETE /schedules/:id, with its toast; every schedule list refetches. */
export function useDeleteSchedule() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/schedules/${id}`),
    onSuccess: () => {
      toast.success(t('tickets.schedule.deleted'));
      void client.invalidateQueries({ queryKey: scheduleKeys.all });
    },
    onError: toastError,
  });
}

export interface SaveScheduleInput {
  /** The edited schedule (PUT) or none (POST, one schedule per contact). */
  schedule: Schedule | null;
  body: ScheduleCreateBody;
  /** A new image for each schedule saved. */
  image: File | null;
  /** Remove the edited schedule's image. */
  dropImage: boolean;
}

/** POST /schedules (or PUT /schedules/:id) and then the image of each schedule saved; every schedule list refetches. */
export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ schedule, body: { contactIds, ...payload }, image, dropImage }: SaveScheduleInput) => {
      const ids = schedule
        ? [(await api.put<Schedule>(`/schedules/${schedule.id}`, { ...payload, contactId: contactIds[0] })).id]
        : (await api.post<{ schedules: Schedule[] }>('/schedules', { ...payload, contactIds })).schedules.map((s) => s.id);
      // the image goes to each schedule made (one per contact), or replaces / leaves the edited one's
      for (const id of ids) {
        if (image) {
          const form = new FormData();
          form.append('file', image, image.name);
          await api.post(`/schedules/${id}/media-upload`, form);
        } else if (schedule?.mediaName && dropImage) {
          await api.delete(`/schedules/${id}/media-upload`);
        }
      }
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}
