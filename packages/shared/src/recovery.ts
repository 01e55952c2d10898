import { z } from 'zod';
import { passwordField, V } from './validation';

/** Password recovery (seed 002 §2.16, §7; issue 18 item 6 — the code is checked by the server, never sent to the browser). */
export const RECOVERY_CODE_LENGTH = 6;
export const RECOVERY_CODE_TTL_MINUTES = 10;
/** Wrong codes allowed for one sent code; after them a new code is needed (and the screen goes back to /login). */
export const RECOVERY_MAX_ATTEMPTS = 3;

/** The registered WhatsApp number, kept as its digits (8 to 20). */
export const recoveryNumber = () =>
  z
    .string({ error: V.required })
    .max(40, V.tooLong)
    .transform((s) => s.replace(/\D/g, ''))
    .pipe(z.string().min(8, V.tooShort).max(20, V.tooLong));

/** POST /enviar-email: the same answer whether or not the number is registered. */
export const RecoverySendBody = z.object({ wpp: recoveryNumber() });
export const RecoverySentDto = z.object({ sent: z.literal(true) });

/** POST /verificar-code/{number}: the code typed; a right one yields a short-lived reset token. */
export const RecoveryNumberParams = z.object({ number: recoveryNumber() });
export const RecoveryVerifyBody = z.object({
  code: z
    .string({ error: V.required })
    .trim()
    .regex(/^\d{6}$/, V.invalid),
});
export const RecoveryVerifiedDto = z.object({ token: z.string(), expiresAt: z.string() });

/** PUT /atualizar-senha: the reset token of a verified code and the new password. */
export const RecoveryResetBody = z.object({
  token: z.string({ error: V.required }).min(20, V.invalid).max(200, V.invalid),
  newPassword: passwordField(),
});
export const RecoveryResetDto = z.object({ updated: z.literal(true) });

/**
 * The default connection's statuses that can send a code (OPENING: reconnecting, the code waits in a job). Any other
 * (DISCONNECTED, a QR to scan or pair, TIMEOUT) needs the platform's owner: recovery answers ERR_RECOVERY_UNAVAILABLE.
 */
export const RECOVERY_SENDING_STATUSES = ['CONNECTED', 'OPENING'] as const;
export const recoveryCanSend = (status: string) => (RECOVERY_SENDING_STATUSES as readonly string[]).includes(status);

/** Why password recovery cannot work, as the super admin is told (issue 30 item 10). */
export const RECOVERY_PROBLEMS = ['noDefaultConnection', 'connectionDown', 'sharedPhone'] as const;

/** GET /recovery/status (super admin): whether the platform can send recovery codes, and which numbers recover none. */
export const RecoveryStatusDto = z.object({
  /** Codes can be sent (the platform company has a default connection that can send). */
  ready: z.boolean(),
  connection: z.object({ id: z.number(), name: z.string(), channel: z.string(), status: z.string() }).nullable(),
  /** Phones registered by several companies: such a number recovers no account (and its owners are not told). */
  sharedPhones: z.array(z.object({ phone: z.string(), companies: z.array(z.object({ id: z.number(), name: z.string() })) })),
  problems: z.array(z.enum(RECOVERY_PROBLEMS)),
});
export type RecoveryStatusDto = z.infer<typeof RecoveryStatusDto>;

export type RecoverySendBody = z.infer<typeof RecoverySendBody>;
export type RecoveryVerifyBody = z.infer<typeof RecoveryVerifyBody>;
export type RecoveryResetBody = z.infer<typeof RecoveryResetBody>;
export type RecoveryVerifiedDto = z.infer<typeof RecoveryVerifiedDto>;
