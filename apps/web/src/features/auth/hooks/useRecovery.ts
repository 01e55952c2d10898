import { api } from '../../../shared/api/client';

/** Password recovery calls (seed 002 §7): the API arrives with the channels work. */
export const recoveryApi = {
  sendCode: (wpp: string) => api.post<{ userId: number }>('/enviar-email', { wpp }, { anonymous: true }),
  fetchCode: (wpp: string) =>
    api.get<{ code: string | number }>(`/verificar-code/${encodeURIComponent(wpp)}`, { anonymous: true }),
  savePassword: (userId: number, newPassword: string) =>
    api.put('/atualizar-senha', { userId, newPassword }, { anonymous: true }),
};

export const MAX_CODE_ATTEMPTS = 3;
export const REDIRECT_AFTER_ATTEMPTS_MS = 3000;
export const REDIRECT_AFTER_SAVE_MS = 1000;
