import {
  CompanySchedulesBody,
  CompanySchedulesDto,
  CompanySettingOneDto,
  CompanySettingOneQuery,
  CompanySettingsDto,
  idParam,
  PUBLIC_SETTING_KEYS,
  PublicSettingDto,
  SettingDto,
  UpdateCompanySettingBody,
  UpdatedCompanySettingDto,
  UpdateGlobalSettingBody,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { getGlobalSetting } from './settings.repository';
import type { SettingsService } from './settings.service';

const KeyParams = z.object({ key: z.string().min(1).max(100) });

export function settingsRoutes(app: App, deps: CoreDeps, settings: SettingsService) {
  const tags = ['settings'];

  app.get(
    '/public-settings/:key',
    { config: { public: true }, schema: { tags, params: KeyParams, response: { 200: PublicSettingDto } } },
    async (req, reply) => {
      if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(req.params.key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
      let value = await getGlobalSetting(deps.database.db, req.params.key);
      // Logos are stored as media paths; the browser gets a URL.
      if (value && req.params.key.startsWith('appLogo')) value = deps.mediaUrl(value);
      // A JSON string (or null): Fastify would send a bare string as text/plain.
      return reply.type('application/json').send(JSON.stringify(value satisfies PublicSettingDto));
    },
  );

  app.get(
    '/settings',
    { config: { permission: 'settings:options' }, schema: { tags, response: { 200: z.array(SettingDto) } } },
    async (req) => settings.listGlobal(req.ctx),
  );
  app.put(
    '/settings/:key',
    {
      config: { superOnly: true },
      schema: { tags, params: KeyParams, body: UpdateGlobalSettingBody, response: { 200: SettingDto } },
    },
    async (req) => settings.updateGlobal(req.ctx, req.params.key, req.body.value),
  );
  app.get('/setting/:key', { schema: { tags, params: KeyParams, response: { 200: SettingDto } } }, async (req) =>
    settings.readOne(req.ctx, req.params.key),
  );
  app.get(
    '/companySettings/:companyId',
    { schema: { tags, params: z.object({ companyId: idParam }), response: { 200: CompanySettingsDto } } },
    async (req) => settings.listCompany(req.ctx, req.params.companyId),
  );
  app.put(
    '/companySettings',
    {
      config: { permission: 'settings:options' },
      schema: { tags, body: UpdateCompanySettingBody, response: { 200: UpdatedCompanySettingDto } },
    },
    async (req) => settings.updateCompany(req.ctx, req.body.column, req.body.data),
  );
  // Company service hours (seed 001 §7 PUT /companies/{id}/schedules); the schedules tab needs useSchedules (§6).
  const companySchedules = { permission: 'settings:options', plan: 'useSchedules' } as const;
  app.get(
    '/companies/:id/schedules',
    { config: companySchedules, schema: { tags, params: z.object({ id: idParam }), response: { 200: CompanySchedulesDto } } },
    async (req) => settings.companySchedules(req.ctx, req.params.id),
  );
  app.put(
    '/companies/:id/schedules',
    {
      config: companySchedules,
      schema: { tags, params: z.object({ id: idParam }), body: CompanySchedulesBody, response: { 200: CompanySchedulesDto } },
    },
    async (req) => settings.updateCompanySchedules(req.ctx, req.params.id, req.body.schedules),
  );
  app.get(
    '/companySettingOne',
    { schema: { tags, querystring: CompanySettingOneQuery, response: { 200: CompanySettingOneDto } } },
    async (req) => {
      const { column } = req.query;
      const { value } = await settings.readOne(req.ctx, column);
      return { [column]: value, column, value };
    },
  );
}
