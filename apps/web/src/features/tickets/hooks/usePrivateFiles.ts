import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { ticketKeys } from '../../../shared/data/tickets/keys';

export interface PrivateFile {
  id: number;
  name: string;
  size: number;
  url: string;
  user: { id: number; name: string } | null;
  createdAt: string;
}

/** GET /tickets/:ticketId/private-files: the files only the team sees (read while the dialog is open). */
export function usePrivateFiles(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.privateFiles(ticketId),
    queryFn: ({ signal }) => api.get<PrivateFile[]>(`/tickets/${ticketId}/private-files`, { signal }),
    enabled,
  });
}

/** POST /tickets/:ticketId/private-files (multipart `file`), then the list again. */
export function useUploadPrivateFile(ticketId: number, onError: (err: unknown) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post(`/tickets/${ticketId}/private-files`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ticketKeys.privateFiles(ticketId) }),
    onError,
  });
}

/** DELETE /tickets/:ticketId/private-files/:id, then the list again. */
export function useDeletePrivateFile(ticketId: number, onError: (err: unknown) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tickets/${ticketId}/private-files/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ticketKeys.privateFiles(ticketId) }),
    onError,
  });
}
