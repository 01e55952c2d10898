import { type CreateUserBody, type UpdateUserBody, USER_FLAGS, type UserDto, type UserListDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, orEmpty } from '../../api/client';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../hooks/useInfiniteSearch';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { userKeys } from './keys';

export { userKeys };

const idOf = (u: UserDto) => u.id;

/** GET /users/ — search (500 ms debounce) and infinite scroll. */
export function useUsersTable() {
  return useInfiniteSearch<UserDto>({
    queryKey: userKeys.pages,
    fetchPage: async ({ searchParam, pageNumber, signal }) => {
      const page = await api.get<UserListDto>('/users', { query: { searchParam, pageNumber }, signal });
      return { records: page.users, hasMore: page.hasMore };
    },
  });
}

export type UserFormValues = Omit<CreateUserBody, 'password'> & { password: string };
export const FLAG_KEYS = USER_FLAGS;

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, avatar }: { id?: number; values: Partial<UpdateUserBody>; avatar?: File | null }) => {
      let user = id ? await api.put<UserDto>(`/users/${id}`, values) : await api.post<UserDto>('/users', values);
      if (avatar) {
        const form = new FormData();
        form.append('userId', String(user.id));
        form.append('typeArch', 'user');
        form.append('profileImage', avatar);
        user = await api.post<UserDto>(`/users/${user.id}/media-upload`, form);
      }
      return user;
    },
    onSuccess: (user) => {
      upsertRecord(client, userKeys.pages, user, idOf);
      void client.invalidateQueries({ queryKey: userKeys.list });
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/users/${id}`),
    onSuccess: (_, id) => {
      removeRecord(client, userKeys.pages, id, idOf);
      void client.invalidateQueries({ queryKey: userKeys.list });
    },
  });
}

/** company-{id}-user: creates, edits and deletes by other admins land in the table without a reload. */
export function useUserEvents() {
  const client = useQueryClient();
  useSocketEvent('user', (e) => {
    if (e.action === 'delete' && e.userId) {
      removeRecord(client, userKeys.pages, e.userId, idOf);
      return;
    }
    const user = e.user as Partial<UserDto> | undefined;
    if (!user?.id) return;
    if (typeof user.email === 'string') upsertRecord(client, userKeys.pages, user as UserDto, idOf);
    // presence pings carry only { id, online }: patch the row where it is
    else
      client.setQueriesData<{ pages: { records: UserDto[]; hasMore: boolean }[] }>({ queryKey: userKeys.pages }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                records: p.records.map((r) => (r.id === user.id ? { ...r, ...user } : r)),
              })),
            }
          : data,
      );
  });
}

export interface Option {
  id: number;
  name: string;
}

/** Every user of the company with their queues (GET /users/list): transfer, filters, chatbot targets. */
export function useUserList(enabled = true) {
  return useQuery({
    queryKey: userKeys.list,
    queryFn: ({ signal }) => orEmpty(api.get<(Option & { queues?: Option[] })[]>('/users/list', { signal }), []),
    staleTime: 60_000,
    enabled,
  });
}

/** PUT /users/toggleChangeWidht/:id — the inbox column width the user dragged, kept per user (seed 000 §2). */
export function useSaveTicketsManagerWidth(userId: number) {
  return useMutation({
    mutationFn: (width: number) => api.put(`/users/toggleChangeWidht/${userId}`, { defaultTicketsManagerWidth: width }),
  });
}

/** DELETE /users/:id/sessions — signs the user out everywhere (someone leaves, a device is lost). */
export function useEndUserSessions() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/users/${id}/sessions`) });
}

/** DELETE /users/:id/two-factor — the user's second factor is removed (a lost phone); they sign in with the password. */
export function useResetUserTwoFactor() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/users/${id}/two-factor`) });
}
