import { PUBLIC_SETTING_KEYS, PublicSettingDto } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { getGlobalSetting } from './settings.repository';

export function settingsRoutes(app: App, deps: CoreDeps) {
  app.get(
    '/public-settings/:key',
    {
      config: { public: true },
      schema: { tags: ['settings'], params: z.object({ key: z.string().max(100) }), response: { 200: PublicSettingDto } },
    },
    async (req) => {
      if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(req.params.key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
      let value = await getGlobalSetting(deps.database.db, req.params.key);
      // Logos are stored as media paths; the browser gets a URL.
      if (value && req.params.key.startsWith('appLogo')) value = deps.mediaUrl(value);
      return { key: req.params.key, value };
    },
  );
}
