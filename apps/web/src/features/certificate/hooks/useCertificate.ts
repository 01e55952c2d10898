import type { CertDestination, CertificateStatusDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { certificateKeys } from './keys';

/** GET /settings/certificates: whether each destination has a certificate on file, and since when (never the file). */
export function useCertificateStatus() {
  return useQuery({
    queryKey: certificateKeys.status,
    queryFn: () => api.get<CertificateStatusDto>('/settings/certificates'),
  });
}

/** POST /settings/cert-upload?ref= (multipart file); success when `mensagem` is 'Arquivo Anexado' (seed 001 §7). */
export function useUploadCertificate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, file }: { ref: CertDestination; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ mensagem: string; ref: string; uploadedAt: string }>('/settings/cert-upload', form, { query: { ref } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: certificateKeys.status }),
  });
}
