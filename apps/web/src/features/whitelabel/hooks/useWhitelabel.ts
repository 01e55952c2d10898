import type { WhitelabelLogoDto, WhitelabelLogoMode } from '@atendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { appKeys } from '../../../shared/hooks/keys';

/** PUT /settings/{key} for a white-label value (colour, app name); the theme and the login page follow at once. */
export function useSaveBrandSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string }) =>
      api.put<{ key: string; value: string }>(`/settings/${key}`, { value }),
    onSuccess: (saved) => qc.setQueryData(appKeys.publicSetting(saved.key), saved.value),
  });
}

/** POST /settings-whitelabel/logo (typeArch=logo, mode, file); the public setting now holds the new image's URL. */
export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, file }: { mode: WhitelabelLogoMode; file: File }) => {
      const form = new FormData();
      form.append('typeArch', 'logo');
      form.append('mode', mode);
      form.append('file', file);
      return api.post<WhitelabelLogoDto>('/settings-whitelabel/logo', form);
    },
    onSuccess: (saved) => qc.setQueryData(appKeys.publicSetting(saved.key), saved.value),
  });
}
