import type { HelpBody } from '@atendo/shared';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import * as repo from './helps.repository';

/** Help videos (seed 001 §3, seed 002 §2.11): everyone reads them, the super admin manages them (superOnly routes). */
export function createHelpsService(deps: CoreDeps) {
  const { db } = deps.database;

  async function mustFind(helpId: number) {
    const help = await repo.findHelp(db, helpId);
    if (!help) throw new AppError('ERR_NO_HELP_FOUND', 404);
    return help;
  }

  /** A page opens one tutorial: the page moves to this help from the one that had it. */
  async function freePage(body: HelpBody, selfId = 0) {
    if (body.page) await repo.releasePage(db, body.page, selfId);
  }

  const pageTaken = (err: unknown): never => {
    if (isUniqueViolation(err, 'helps_page_unique')) {
      throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'page', message: 'validation.invalid' }]);
    }
    throw err;
  };

  return {
    list: () => repo.listHelps(db),
    show: (helpId: number) => mustFind(helpId),
    async create(body: HelpBody) {
      await freePage(body);
      return repo.insertHelp(db, body).catch(pageTaken);
    },
    async update(helpId: number, body: HelpBody) {
      await mustFind(helpId);
      await freePage(body, helpId);
      const help = await repo.updateHelp(db, helpId, body).catch(pageTaken);
      if (!help) throw new AppError('ERR_NO_HELP_FOUND', 404);
      return help;
    },
    async remove(helpId: number) {
      await mustFind(helpId);
      await repo.deleteHelp(db, helpId);
    },
  };
}

export type HelpsService = ReturnType<typeof createHelpsService>;
