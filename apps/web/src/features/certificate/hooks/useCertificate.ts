import type { CertDestination } from '@atendo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** POST /settings/cert-upload?ref= (multipart file); success when `mensagem` is 'Arquivo Anexado' (seed 001 §7). */
export function useUploadCertificate() {
  return useMutation({
    mutationFn: ({ ref, file }: { ref: CertDestination; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ mensagem: string; ref: string; uploadedAt: string }>('/settings/cert-upload', form, { query: { ref } });
    },
  });
}
