import type {
  PasswordConfirmBody,
  RecoveryCodesDto,
  TwoFactorSetupDto,
  TwoFactorStatusDto,
  UserSessionsDto,
} from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/context';
import { securityKeys } from './keys';

export { securityKeys };

/** GET /auth/two-factor — whether the user has a second factor, whether it is required, recovery codes left. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: () => api.get<TwoFactorStatusDto>('/auth/two-factor'),
    enabled,
  });
}

/** POST /auth/two-factor/setup — a new secret and its otpauth URI (for the QR code). */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetupDto>('/auth/two-factor/setup') });
}

/** After a change of the second factor: its status and the session user (twoFactorEnabled) are read again. */
function useAfterTwoFactorChange() {
  const client = useQueryClient();
  const { reloadUser } = useSession();
  return () => {
    void client.invalidateQueries({ queryKey: securityKeys.twoFactor });
    void reloadUser();
  };
}

/** POST /auth/two-factor/confirm — a code of the new secret turns it on; the recovery codes come back once. */
export function useConfirmTwoFactor() {
  const after = useAfterTwoFactorChange();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodesDto>('/auth/two-factor/confirm', { code }),
    onSuccess: after,
  });
}

export function useDisableTwoFactor() {
  const after = useAfterTwoFactorChange();
  return useMutation({
    mutationFn: (body: PasswordConfirmBody) => api.post('/auth/two-factor/disable', body),
    onSuccess: after,
  });
}

export function useRenewRecoveryCodes() {
  const after = useAfterTwoFactorChange();
  return useMutation({
    mutationFn: (body: PasswordConfirmBody) => api.post<RecoveryCodesDto>('/auth/two-factor/recovery-codes', body),
    onSuccess: after,
  });
}

/** GET /auth/sessions — the user's signed-in devices. */
export function useMySessions(enabled = true) {
  return useQuery({
    queryKey: securityKeys.sessions,
    queryFn: async () => (await api.get<UserSessionsDto>('/auth/sessions')).sessions,
    enabled,
  });
}

/** DELETE /auth/sessions/:id — ends one; ending the current one signs this browser out. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/auth/sessions/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}
