import { RECOVERY_MAX_ATTEMPTS, type RecoveryVerifiedDto } from '@atendo/shared';
import { api } from '../../../shared/api/client';

/**
 * Password recovery calls (seed 002 §7, redesigned by issue 18 item 6 — docs/decisions.md): the server sends the code
 * by WhatsApp and checks it itself; a right code answers a short-lived token the new password is saved with.
 */
export const recoveryApi = {
  sendCode: (wpp: string) => api.post<{ sent: true }>('/enviar-email', { wpp }, { anonymous: true }),
  verifyCode: (wpp: string, code: string) =>
    api.post<RecoveryVerifiedDto>(`/verificar-code/${encodeURIComponent(wpp)}`, { code }, { anonymous: true }),
  savePassword: (token: string, newPassword: string) =>
    api.put<{ updated: true }>('/atualizar-senha', { token, newPassword }, { anonymous: true }),
};

export const MAX_CODE_ATTEMPTS = RECOVERY_MAX_ATTEMPTS;
export const REDIRECT_AFTER_ATTEMPTS_MS = 3000;
export const REDIRECT_AFTER_SAVE_MS = 1000;
