import type { FileListBody, FileListDto } from '@atendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../../shared/hooks/useInfiniteSearch';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';
import { fileListKeys } from './keys';

const KEY = fileListKeys.page;

/** GET /files (files, hasMore) kept live by company-{id}-file events. */
export function useFileListsPage() {
  const qc = useQueryClient();
  const table = useInfiniteSearch<FileListDto>({
    queryKey: KEY,
    fetchPage: ({ searchParam, pageNumber, signal }) =>
      api
        .get<{ files: FileListDto[]; hasMore: boolean }>('/files', {
          query: { searchParam: searchParam || undefined, pageNumber },
          signal,
        })
        .then((r) => ({ records: r.files, hasMore: r.hasMore })),
  });
  useSocketEvent('file', (e) => {
    if (e.action === 'delete' && e.fileListId) removeRecord<FileListDto>(qc, KEY, e.fileListId, (r) => r.id);
    else if (e.fileList) upsertRecord<FileListDto>(qc, KEY, e.fileList as FileListDto, (r) => r.id);
    void qc.invalidateQueries({ queryKey: fileListKeys.options });
  });
  return table;
}

/** Saves the list (name, message, the files it keeps), then uploads the new files (POST /files/uploadList/:id). */
export function useSaveFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, files }: { id?: number; body: FileListBody; files: File[] }) => {
      const saved = id ? await api.put<FileListDto>(`/files/${id}`, body) : await api.post<FileListDto>('/files', body);
      if (!files.length) return saved;
      const form = new FormData();
      for (const f of files) form.append('files', f);
      return api.post<FileListDto>(`/files/uploadList/${saved.id}`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: fileListKeys.options }),
  });
}

export function useDeleteFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/files/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: fileListKeys.options }),
  });
}
