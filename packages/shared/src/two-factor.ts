import { z } from 'zod';
import { SessionDto } from './auth';
import { V } from './validation';

/** TOTP as every authenticator app reads it (RFC 6238 defaults): SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift of a phone). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: two groups of five letters or digits, e.g. `k7m2q-x9d4r`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** A code typed by a person: spaces dropped, letters lowered (a recovery code may be typed in capitals). */
const typedCode = z
  .string({ error: V.required })
  .max(40, V.tooLong)
  .transform((s) => s.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().min(1, V.required));

/** POST /auth/login answers this instead of a session when the user has a second factor. */
export const TwoFactorChallengeDto = z.object({
  twoFactorRequired: z.literal(true),
  /** Short-lived signed proof that the password was right; it is not a session and opens nothing else. */
  challenge: z.string(),
});
export type TwoFactorChallengeDto = z.infer<typeof TwoFactorChallengeDto>;
export const LoginResultDto = z.union([SessionDto, TwoFactorChallengeDto]);
export type LoginResultDto = z.infer<typeof LoginResultDto>;
export const isTwoFactorChallenge = (r: LoginResultDto): r is TwoFactorChallengeDto =>
  'twoFactorRequired' in r && r.twoFactorRequired === true;

/** POST /auth/login/two-factor: the challenge and a code of the authenticator app, or one recovery code. */
export const TwoFactorLoginBody = z.object({
  challenge: z.string({ error: V.required }).min(1, V.required).max(2000, V.tooLong),
  code: typedCode,
});
export type TwoFactorLoginBody = z.infer<typeof TwoFactorLoginBody>;

/** GET /auth/two-factor: the signed-in user's second factor. */
export const TwoFactorStatusDto = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatusDto = z.infer<typeof TwoFactorStatusDto>;

/** POST /auth/two-factor/setup: a new secret to scan (QR of `uri`) or type; it counts only once a code confirms it. */
export const TwoFactorSetupDto = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetupDto = z.infer<typeof TwoFactorSetupDto>;

export const TwoFactorConfirmBody = z.object({
  code: typedCode.pipe(z.string().regex(/^\d{6}$/, V.twoFactorCode)),
});
export type TwoFactorConfirmBody = z.infer<typeof TwoFactorConfirmBody>;

/** The recovery codes, shown once (on enrolment and when renewed); the server keeps only their hashes. */
export const RecoveryCodesDto = z.object({ codes: z.array(z.string()) });
export type RecoveryCodesDto = z.infer<typeof RecoveryCodesDto>;

/** Turning the second factor off (or renewing the recovery codes) asks for the password again. */
export const PasswordConfirmBody = z.object({
  password: z.string({ error: V.required }).min(1, V.required).max(200, V.tooLong),
});
export type PasswordConfirmBody = z.infer<typeof PasswordConfirmBody>;

/**
 * A signed-in device (issue 34 item 2). One per user while the seeds' single-session rule holds (a new sign-in ends
 * the previous one), so the list shows the current device; `current` marks the browser asking.
 */
export const UserSessionDto = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type UserSessionDto = z.infer<typeof UserSessionDto>;
export const UserSessionsDto = z.object({ sessions: z.array(UserSessionDto) });
export type UserSessionsDto = z.infer<typeof UserSessionsDto>;
export const SessionIdParams = z.object({ sessionId: z.uuid({ error: V.invalid }) });

/**
 * Whether a user must sign in with a second factor: their company requires it of everyone (company setting
 * requireTwoFactor), or the platform requires it of every admin and super admin (global setting requireTwoFactorAdmins).
 */
export function isTwoFactorRequired(
  user: { profile: string; super: boolean },
  companyRequires: string | null | undefined,
  adminsRequire: string | null | undefined,
): boolean {
  if (companyRequires === 'enabled') return true;
  return adminsRequire === 'enabled' && (user.profile === 'admin' || user.super);
}
