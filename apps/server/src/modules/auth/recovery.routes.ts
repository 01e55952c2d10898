import {
  RecoveryNumberParams,
  RecoveryResetBody,
  RecoveryResetDto,
  RecoverySendBody,
  RecoverySentDto,
  RecoveryStatusDto,
  RecoveryVerifiedDto,
  RecoveryVerifyBody,
} from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { createRecoveryService } from './recovery.service';

/** Password recovery (seed 002 §7) — the code is checked here, never answered (docs/decisions.md). */
export function recoveryRoutes(app: App, _deps: CoreDeps, recovery: ReturnType<typeof createRecoveryService>) {
  const tags = ['auth'];
  app.post(
    '/enviar-email',
    { config: { public: true }, schema: { tags, body: RecoverySendBody, response: { 200: RecoverySentDto } } },
    async (req) => recovery.send(req.body.wpp, req.ip),
  );
  app.post(
    '/verificar-code/:number',
    {
      config: { public: true },
      schema: { tags, params: RecoveryNumberParams, body: RecoveryVerifyBody, response: { 200: RecoveryVerifiedDto } },
    },
    async (req) => recovery.verify(req.params.number, req.body.code, req.ip),
  );
  app.get('/recovery/status', { config: { superOnly: true }, schema: { tags, response: { 200: RecoveryStatusDto } } }, async () =>
    recovery.status(),
  );
  app.put(
    '/atualizar-senha',
    { config: { public: true }, schema: { tags, body: RecoveryResetBody, response: { 200: RecoveryResetDto } } },
    async (req) => recovery.reset(req.body),
  );
}
