import { createHash, createHmac, randomInt } from 'node:crypto';
import {
  isTwoFactorRequired,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  type RecoveryCodesDto,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  type TwoFactorSetupDto,
  type TwoFactorStatusDto,
} from '@atendo/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { resolveJwtSecret } from '../../config';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createSealer } from '../../platform/sealing';
import { recordAudit } from '../audit/audit.public';
import { findCompanySettings, getGlobalSetting } from '../settings/settings.public';
import * as authRepo from './auth.repository';
import { hashPassword, passwordMatches } from './passwords';
import * as repo from './two-factor.repository';

/** Codes tried per user in the sign-in's second step (on top of the per-address limit of sign-in). */
export const TWO_FACTOR_LIMITS = { perUser: { limit: 5, windowMs: 15 * 60_000 } } as const;
/** How long the second step may follow the password. */
const CHALLENGE_TTL_SECONDS = 5 * 60;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const fingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

function newRecoveryCode() {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const group = () => Array.from({ length: 5 }, pick).join('');
  return `${group()}-${group()}`;
}

/**
 * The second factor (issue 34 item 1, docs/decisions.md "Two-factor sign-in"): TOTP of RFC 6238 through `otpauth`,
 * the secret sealed in the database and never sent again after enrolment, ten single-use recovery codes kept as
 * argon2 hashes, and a code accepted at most once (the last accepted step is kept on the user).
 */
export function createTwoFactor(deps: CoreDeps, now: () => Date) {
  const { db } = deps.database;
  const serverSecret = resolveJwtSecret(deps.config);
  const sealer = createSealer(serverSecret, 'atendo-totp-secret-v1');
  const challengeKey = createHmac('sha256', serverSecret).update('atendo-2fa-challenge-v1').digest();

  const totpOf = (base32: string, label = 'Atendo', issuer = 'Atendo') =>
    new TOTP({
      issuer,
      label,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(base32),
    });

  /** A code of the sealed secret, accepted once: the step it belongs to must be after the last accepted one. */
  async function acceptTotp(userId: number, sealed: string, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const at = now().getTime();
    const delta = totpOf(sealer.unseal(sealed)).validate({ token: code, timestamp: at, window: TOTP_WINDOW });
    if (delta === null) return false;
    const step = Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
    return repo.acceptStep(db, userId, step);
  }

  async function acceptRecoveryCode(user: { id: number; companyId: number }, code: string): Promise<boolean> {
    if (!RECOVERY_CODE_PATTERN.test(code)) return false;
    for (const row of await repo.unusedRecoveryCodes(db, user, user.id)) {
      if (await passwordMatches(row.codeHash, code)) return repo.spendRecoveryCode(db, user, row.id, now());
    }
    return false;
  }

  async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return { codes, hashes: await Promise.all(codes.map((c) => hashPassword(c))) };
  }

  async function requiredFor(ctx: TenantContext): Promise<boolean> {
    const [settings, adminsRequire] = await Promise.all([
      findCompanySettings(db, ctx),
      getGlobalSetting(db, 'requireTwoFactorAdmins'),
    ]);
    return isTwoFactorRequired(ctx.user, settings?.requireTwoFactor, adminsRequire);
  }

  async function ownRow(ctx: TenantContext) {
    const row = await repo.findTwoFactor(db, ctx.user.id);
    if (!row) throw new AppError('ERR_SESSION_EXPIRED', 401);
    return row;
  }

  async function checkPassword(passwordHash: string, password: string) {
    if (!(await passwordMatches(passwordHash, password))) throw new AppError('ERR_WRONG_PASSWORD', 400);
  }

  return {
    /** The proof that the password was right, for the second step only (not a session: the auth guard refuses it). */
    challengeFor(user: { id: number; passwordHash: string }): Promise<string> {
      return new SignJWT({ typ: '2fa', pf: fingerprint(user.passwordHash) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
        .sign(challengeKey);
    },

    /** The user a challenge was issued to, while it lasts and while their password and second factor are the same. */
    async readChallenge(challenge: string) {
      const expired = new AppError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED', 401);
      const payload = await jwtVerify(challenge, challengeKey, { algorithms: ['HS256'] }).then(
        (r) => r.payload,
        (err: unknown) => {
          if (err instanceof errors.JOSEError) throw expired;
          throw err;
        },
      );
      const userId = Number(payload.sub);
      if (payload.typ !== '2fa' || !Number.isSafeInteger(userId)) throw expired;
      const user = await repo.findTwoFactor(db, userId);
      if (!user?.secret || payload.pf !== fingerprint(user.passwordHash)) throw expired;
      return { ...user, secret: user.secret };
    },

    /** A code of the app, or else one unused recovery code. */
    async checkSignInCode(user: { id: number; companyId: number; secret: string }, code: string) {
      const ok = (await acceptTotp(user.id, user.secret, code)) || (await acceptRecoveryCode(user, code));
      if (!ok) throw new AppError('ERR_INVALID_TWO_FACTOR_CODE', 400);
    },

    async status(ctx: TenantContext): Promise<TwoFactorStatusDto> {
      const [row, required, left] = await Promise.all([
        ownRow(ctx),
        requiredFor(ctx),
        repo.countUnusedRecoveryCodes(db, ctx, ctx.user.id),
      ]);
      return {
        enabled: row.secret !== null,
        required,
        enabledAt: row.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: row.secret ? left : 0,
      };
    },

    /** A new secret to scan; the one in use (if any) stays until a code of the new one confirms it. */
    async setup(ctx: TenantContext): Promise<TwoFactorSetupDto> {
      const row = await ownRow(ctx);
      if (row.secret) throw new AppError('ERR_TWO_FACTOR_ALREADY_ENABLED', 409);
      const secret = new Secret({ size: 20 }).base32;
      await repo.setPendingSecret(db, ctx.user.id, sealer.seal(secret));
      const issuer = (await getGlobalSetting(db, 'appName')) || 'Atendo';
      return { secret, uri: totpOf(secret, row.email, issuer).toString() };
    },

    /** A code of the pending secret turns the second factor on; the recovery codes are shown this once. */
    async confirm(ctx: TenantContext, code: string): Promise<RecoveryCodesDto> {
      const row = await ownRow(ctx);
      if (row.secret) throw new AppError('ERR_TWO_FACTOR_ALREADY_ENABLED', 409);
      if (!row.pendingSecret) throw new AppError('ERR_TWO_FACTOR_NOT_ENABLED', 409);
      if (!(await acceptTotp(ctx.user.id, row.pendingSecret, code))) throw new AppError('ERR_INVALID_TWO_FACTOR_CODE', 400);
      const { codes, hashes } = await newRecoveryCodes();
      await repo.enable(db, ctx, ctx.user.id, row.pendingSecret, hashes, now());
      return { codes };
    },

    /** New recovery codes (the old ones stop working), with the password. */
    async renewRecoveryCodes(ctx: TenantContext, password: string): Promise<RecoveryCodesDto> {
      const row = await ownRow(ctx);
      await checkPassword(row.passwordHash, password);
      if (!row.secret) throw new AppError('ERR_TWO_FACTOR_NOT_ENABLED', 409);
      const { codes, hashes } = await newRecoveryCodes();
      await repo.replaceRecoveryCodes(db, ctx, ctx.user.id, hashes);
      return { codes };
    },

    /** Off, with the password; refused while the company or the platform requires it. */
    async disable(ctx: TenantContext, password: string) {
      const row = await ownRow(ctx);
      await checkPassword(row.passwordHash, password);
      if (!row.secret) throw new AppError('ERR_TWO_FACTOR_NOT_ENABLED', 409);
      if (await requiredFor(ctx)) throw new AppError('ERR_TWO_FACTOR_REQUIRED', 409);
      await repo.disable(db, ctx, ctx.user.id);
    },

    /**
     * An admin resets a user's second factor (a lost phone): the user signs in with the password alone and, where it is
     * required, is led to enrol again. Another company's user is not found; a super admin only by a super admin.
     */
    async resetForUser(ctx: TenantContext, userId: number) {
      const target = await authRepo.findCompanyUser(db, ctx, userId);
      if (!target) throw new AppError('ERR_NO_USER_FOUND', 404);
      if (target.super && !ctx.user.super) throw new AppError('ERR_NO_PERMISSION', 403);
      await repo.disable(db, ctx, userId);
      recordAudit(deps, ctx, { action: 'user.twoFactorReset', entity: 'user', entityId: userId });
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
