import { type LoginBody, type LoginResultDto, SessionDto, type SessionUserDto, type TwoFactorLoginBody } from '@atendo/shared';
import { ApiError, api } from '../../shared/api/client';

/**
 * POST /auth/refresh_token, retried once on 403 (seed 000 §4). 'unreachable' when no answer came
 * (network down, CORS refused) or the server failed: that is not "signed out".
 */
export async function refreshSession(): Promise<SessionDto | null | 'unreachable'> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const data = await api.post<unknown>('/auth/refresh_token', undefined, { skipUnauthorizedHandler: true });
      const parsed = SessionDto.safeParse(data);
      return parsed.success ? parsed.data : (data as SessionDto);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && attempt === 0) continue;
      if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) return 'unreachable';
      return null;
    }
  }
  return null;
}

/** POST /auth/login — the session (access token and user), or a challenge for the second factor; a refused sign-in throws. */
export function signIn(body: LoginBody): Promise<LoginResultDto> {
  return api.post<LoginResultDto>('/auth/login', body, { skipUnauthorizedHandler: true });
}

/** POST /auth/login/two-factor — the sign-in's second step: the challenge and a code (or a recovery code). */
export function signInTwoFactor(body: TwoFactorLoginBody): Promise<SessionDto> {
  return api.post<SessionDto>('/auth/login/two-factor', body, { skipUnauthorizedHandler: true });
}

/** DELETE /auth/logout — the refresh cookie is dropped on the server. */
export function signOut(): Promise<unknown> {
  return api.delete('/auth/logout', { skipUnauthorizedHandler: true });
}

/** GET /auth/me — the signed-in user, fresh. */
export function fetchMe(): Promise<SessionUserDto> {
  return api.get<SessionUserDto>('/auth/me');
}
