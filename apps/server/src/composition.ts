/**
 * The composition root (docs/architecture.md "The module rule"): the only file that knows every module and every
 * channel adapter, and wires them together — modules get the adapters through the ports of channels/types.ts,
 * adapters get the domain through the ingest port, platform/ and db/ get what they need of the modules injected.
 * app.ts registers what this builds; main.ts and the test harness take the seed, the context loader and the
 * realtime handlers from here.
 */
import { registerBaileys } from './channels/baileys';
import { cloudTemplatesFromConfig } from './channels/cloud-api/templates';
import { cloudApiWebhookRoutes } from './channels/cloud-api/webhook.routes';
import { metaPagesFromConfig, profileNames } from './channels/messenger';
import { messengerWebhookRoutes } from './channels/messenger/webhook.routes';
import { channelRegistryFromConfig } from './channels/registry';
import type { ChannelRegistry, IngestPort } from './channels/types';
import type { Db } from './db/open';
import { type SeedResult, seedPlatform } from './db/seed';
import type { DomainEventMap, DomainEventName } from './domain-events';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { createAnnouncementsService } from './modules/announcements/announcements.service';
import { registerAuditJobs } from './modules/audit/audit.jobs';
import { auditRoutes } from './modules/audit/audit.routes';
import { type AuditService, createAuditService } from './modules/audit/audit.service';
import { hashPassword, loadTenantContext } from './modules/auth/auth.public';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthService, createAuthService } from './modules/auth/auth.service';
import { registerRecoveryJobs } from './modules/auth/recovery.jobs';
import { recoveryRoutes } from './modules/auth/recovery.routes';
import { createRecoveryService } from './modules/auth/recovery.service';
import { type AssignmentService, createAssignmentService, registerAssignmentJobs } from './modules/automation/automation.assign';
import { createSceneSetupCache, type SceneSetupCache } from './modules/automation/automation.public';
import {
  type AutomationService,
  createAutomationService,
  decideOverdueNow,
  registerAutomationJobs,
} from './modules/automation/automation.service';
import { createSlaService, registerSlaJobs, type SlaService } from './modules/automation/automation.sla';
import { registerBillingJobs } from './modules/billing/billing.jobs';
import { billingRoutes } from './modules/billing/billing.routes';
import { type BillingService, createBillingService } from './modules/billing/billing.service';
import { registerCampaignsJobs } from './modules/campaigns/campaigns.jobs';
import { claimConfirmationReply, confirmationAwaited } from './modules/campaigns/campaigns.public';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { type CampaignsService, createCampaignsService } from './modules/campaigns/campaigns.service';
import { chatsRoutes } from './modules/chats/chats.routes';
import { createChatsService } from './modules/chats/chats.service';
import { insertCompany } from './modules/companies/companies.public';
import { companiesRoutes } from './modules/companies/companies.routes';
import { type CompaniesService, createCompaniesService } from './modules/companies/companies.service';
import { registerContactListsJobs } from './modules/contact-lists/contact-lists.jobs';
import { contactListsRoutes } from './modules/contact-lists/contact-lists.routes';
import { createContactListsService } from './modules/contact-lists/contact-lists.service';
import { registerContactsJobs } from './modules/contacts/contacts.jobs';
import { createWhatsappNumberCheck } from './modules/contacts/contacts.public';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { createContactsService } from './modules/contacts/contacts.service';
import { conversationRoutes } from './modules/conversation/conversation.routes';
import { createConversationService } from './modules/conversation/conversation.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { satisfactionRoutes } from './modules/dashboard/satisfaction.routes';
import { createSatisfactionService } from './modules/dashboard/satisfaction.service';
import { slaReportRoutes } from './modules/dashboard/sla.routes';
import { createSlaReportService } from './modules/dashboard/sla.service';
import { externalApiRoutes } from './modules/external-api/external-api.routes';
import { createExternalApiService } from './modules/external-api/external-api.service';
import { facebookRoutes } from './modules/facebook/facebook.routes';
import { createFacebookService } from './modules/facebook/facebook.service';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { helpsRoutes } from './modules/helps/helps.routes';
import { createHelpsService } from './modules/helps/helps.service';
import { createIngestService, createReceivedPublisher, ttlMemo } from './modules/ingest/ingest.service';
import { registerKanbanJobs } from './modules/kanban/kanban.jobs';
import { createKanbanLanes } from './modules/kanban/kanban.lanes';
import { kanbanRoutes } from './modules/kanban/kanban.routes';
import { createKanbanService } from './modules/kanban/kanban.service';
import { registerMessageTemplatesJobs } from './modules/message-templates/message-templates.jobs';
import { messageTemplatesRoutes } from './modules/message-templates/message-templates.routes';
import { createMessageTemplatesService } from './modules/message-templates/message-templates.service';
import { connectionSendQueue, registerMessagingJobs, sendMessageJob } from './modules/messages/messages.jobs';
import { outboundQueueByChannel } from './modules/messages/messages.public';
import { createOutboundService, type OutboundService } from './modules/messages/outbound.service';
import { plansRoutes } from './modules/plans/plans.routes';
import { createPlansService, type PlansService } from './modules/plans/plans.service';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { createPrivacyService } from './modules/privacy/privacy.service';
import { createCopilotService } from './modules/prompts/prompts.copilot';
import { copilotRoutes } from './modules/prompts/prompts.copilot.routes';
import { promptsRoutes } from './modules/prompts/prompts.routes';
import { createPromptsService } from './modules/prompts/prompts.service';
import { queueIntegrationsRoutes } from './modules/queue-integrations/queue-integrations.routes';
import { createQueueIntegrationsService } from './modules/queue-integrations/queue-integrations.service';
import { queuesRoutes } from './modules/queues/queues.routes';
import { createQueuesService } from './modules/queues/queues.service';
import { quickMessagesRoutes } from './modules/quick-messages/quick-messages.routes';
import { createQuickMessagesService } from './modules/quick-messages/quick-messages.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReportsService } from './modules/reports/reports.service';
import { registerSchedulesJobs } from './modules/schedules/schedules.jobs';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { createSchedulesService, type SchedulesService } from './modules/schedules/schedules.service';
import { platformSettingsRoutes } from './modules/settings/platform-settings.routes';
import { createPlatformSettingsService } from './modules/settings/platform-settings.service';
import { createCompanySettingsCache, ensureGlobalDefaults } from './modules/settings/settings.public';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { systemRoutes } from './modules/system/system.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { createTagsService } from './modules/tags/tags.service';
import { ticketFilesRoutes } from './modules/ticket-files/ticket-files.routes';
import { createTicketFilesService } from './modules/ticket-files/ticket-files.service';
import { ticketNotesRoutes } from './modules/ticket-notes/ticket-notes.routes';
import { createTicketNotesService } from './modules/ticket-notes/ticket-notes.service';
import { registerTicketsJobs } from './modules/tickets/tickets.jobs';
import { ticketsRealtimeHandlers } from './modules/tickets/tickets.realtime';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { type ClosePolicy, createTicketsService, type TicketsService } from './modules/tickets/tickets.service';
import { registerUsersJobs } from './modules/users/users.jobs';
import { usersRealtimeHandlers } from './modules/users/users.realtime';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService, type UsersService } from './modules/users/users.service';
import { createWebhookReactions } from './modules/webhooks/webhooks.events';
import { registerWebhooksJobs } from './modules/webhooks/webhooks.jobs';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/webhooks.service';
import { whatsappSessionRoutes } from './modules/whatsapp-session/whatsapp-session.routes';
import { createWhatsappSessionService } from './modules/whatsapp-session/whatsapp-session.service';
import { whatsappsE2eHooks } from './modules/whatsapps/whatsapps.e2e-hooks';
import * as whatsapps from './modules/whatsapps/whatsapps.public';
import { whatsappsRoutes } from './modules/whatsapps/whatsapps.routes';
import { createWhatsappsService } from './modules/whatsapps/whatsapps.service';
import type { ContextLoader } from './platform/auth';
import type { CoreDeps } from './platform/deps';
import type { App } from './platform/http';
import { registerIntake } from './platform/intake';
import { mediaRoutes } from './platform/media-routes';
import type { Metrics } from './platform/metrics';
import type { RealtimeHandlers } from './platform/realtime';

/** The principal of a user id (auth guard, socket handshake, media links, jobs acting for a user). */
export const contextLoader =
  (db: Db): ContextLoader =>
  (userId) =>
    loadTenantContext(db, userId);

/** First start: platform company, default plan, super admin — with what the seed needs of the modules. */
export function seedDatabase(db: Db, opts: { adminEmail?: string; adminPassword?: string } = {}): Promise<SeedResult> {
  return seedPlatform(db, { ensureGlobalDefaults, insertCompany, hashPassword }, opts);
}

/** What the socket gateway asks the domain: a socket's rooms, presence, who may follow a ticket. */
export function realtimeHandlers(deps: CoreDeps): Required<RealtimeHandlers> {
  return { ...usersRealtimeHandlers(deps), ...ticketsRealtimeHandlers(deps) };
}

export interface Messaging {
  channels: ChannelRegistry;
  ingest: IngestPort;
  outbound: OutboundService;
}

/**
 * The message pipeline: the channel registry (adapters), the ingest port adapters call, the connections and
 * session routes, the send/download jobs and each channel's webhooks.
 */
function registerMessaging(app: App, deps: CoreDeps): Messaging {
  const db = deps.database.db;
  const channels = channelRegistryFromConfig(deps.config);
  const ingest = meteredIngest(createIngestService(deps, { logger: app.log }), deps.metrics);
  const outbound = createOutboundService(deps);
  deps.metrics?.setSource('atendo_connections', async () =>
    (await whatsapps.countConnectionsByStatus(db)).map((r) => ({
      labels: { channel: r.channel, status: r.status },
      value: r.count,
    })),
  );
  deps.metrics?.setSource('atendo_outbound_queue_depth', async () =>
    (await outboundQueueByChannel(deps.database)).map((r) => ({ labels: { channel: r.channel }, value: r.count })),
  );

  const whatsappsService = createWhatsappsService(deps);
  whatsappsRoutes(app, deps, whatsappsService);
  registerMessagingJobs({ deps, channels, logger: app.log });
  const baileys = registerBaileys(app, deps, { channels, ingest, logger: app.log });
  // A QR connection's sends need its socket: the process that owns the session works the connection's send queue.
  baileys.manager.onOwnership(async (gained, lost) => {
    for (const id of lost) await deps.jobs.stopWorking(connectionSendQueue(id));
    for (const id of gained) await deps.jobs.workAlso(sendMessageJob, connectionSendQueue(id));
  });
  whatsappSessionRoutes(app, deps, createWhatsappSessionService(deps, baileys.control));
  // Every webhook reads its connection's secret: reused for 2 s (a changed secret is honoured within that).
  const findConnection = ttlMemo((id: number) => whatsapps.findChannelConnection(db, id), 2000);
  cloudApiWebhookRoutes(app, {
    findConnection,
    findByPhoneNumberId: (id) => whatsapps.findChannelConnectionsByPhoneNumberId(db, id),
    findCompanyConnections: (companyId) => whatsapps.findCompanyCloudConnections(db, { companyId }),
    findByVerifyToken: (token) => whatsapps.findChannelConnectionByVerifyToken(db, token),
    ingest,
  });
  const findPage = ttlMemo((key: string) => {
    const [channel, entryId] = key.split(':');
    return whatsapps.findPageConnections(db, channel, entryId);
  }, 2000);
  // Facebook / Instagram: one callback per Meta app, routed by Page / Instagram account id; POST /facebook connects Pages.
  messengerWebhookRoutes(app, {
    appSecret: deps.config.facebookAppSecret,
    verifyToken: deps.config.facebookVerifyToken,
    findByEntry: (channel, entryId) => findPage(`${channel}:${entryId}`),
    profileName: profileNames(deps.config, app.log),
    ingest,
  });
  facebookRoutes(
    app,
    deps,
    createFacebookService({
      pages: metaPagesFromConfig(deps.config),
      whatsapps: whatsappsService,
      log: (obj, msg) => app.log.warn(obj, msg),
    }),
  );
  if (deps.config.e2eHooks) whatsappsE2eHooks(app, deps, ingest);
  return { channels, ingest, outbound };
}

/** The ingest port as adapters get it: counts each event's outcome and times each delivered batch (GET /metrics). */
function meteredIngest(port: IngestPort, metrics: Metrics | undefined): IngestPort {
  if (!metrics) return port;
  return {
    ...port,
    async ingest(events) {
      const channel = events[0]?.channel ?? 'none';
      const end = metrics.ingestDuration.startTimer({ channel });
      try {
        const outcomes = await port.ingest(events);
        outcomes.forEach((o, i) => {
          const outcome = o.kind === 'message' && o.duplicate ? 'duplicate' : o.kind;
          metrics.ingestMessages.inc({ channel: events[i]?.channel ?? channel, outcome });
        });
        return outcomes;
      } catch (err) {
        metrics.ingestMessages.inc({ channel, outcome: 'error' }, events.length);
        throw err;
      } finally {
        end();
      }
    },
  };
}

/** Once the process's job workers run (main.ts): work a dead process left behind is picked up now. */
export async function afterStart(deps: CoreDeps) {
  if (deps.config.jobs) await decideOverdueNow(deps);
}

/** The services tests drive directly (the automation's clock and timers) and the admin command line calls (src/cli). */
export interface Modules {
  automation: AutomationService;
  /** The queues' assignment rule (its clock). */
  assignment: AssignmentService;
  /** The queues' SLA policies (their clock and minute sweep). */
  sla: SlaService;
  /** The delivery log's sweep (tests run it now). */
  webhooks: WebhooksService;
  companies: CompaniesService;
  plans: PlansService;
  users: UsersService;
  tickets: TicketsService;
  billing: BillingService;
  /** Sign-in and its second factor (the codes' clock). */
  auth: AuthService;
  /** The audit log's retention (tests run the prune). */
  audit: AuditService;
}

/**
 * The event spine (docs/architecture.md "The event spine"): who reacts to what. `on` runs inside the publishing call
 * (cheap: realtime frames, metrics); `after` runs once the publisher moved on — the webhook has answered — one at a
 * time per key.
 */
function subscribe(
  deps: CoreDeps,
  app: App,
  m: {
    automation: AutomationService;
    assignment: AssignmentService;
    sla: SlaService;
    campaigns: CampaignsService;
    schedules: SchedulesService;
    setup: SceneSetupCache;
    webhooks: WebhooksService;
  },
) {
  const { events, metrics } = deps;
  const settings = createCompanySettingsCache(deps.database.db);
  // The inbox hears a stored message before the webhook answers (it is cheap: every read comes from a cache).
  events.on('message.received', createReceivedPublisher(deps, settings));
  // The bot's answer follows the customer's message, decided one message of a ticket at a time.
  events.after('message.received', (e) => m.automation.onReceived(e), { key: (e) => e.ticket.id });
  // The queues' assignment rule: a ticket starts waiting, an attendant gets room or comes online, a queue's mode is
  // saved — one company's decisions one after the other (each also holds the company's lock across processes).
  const byCompanyAssignment = { key: (e: { companyId: number }) => `assign:${e.companyId}` };
  events.after('ticket.queued', (e) => m.assignment.onQueued(e), byCompanyAssignment);
  events.after('ticket.created', (e) => m.assignment.onCreated(e), byCompanyAssignment);
  events.after('ticket.closed', (e) => m.assignment.onClosed(e), byCompanyAssignment);
  events.after('ticket.transferred', (e) => m.assignment.onTransferred(e), byCompanyAssignment);
  events.after('user.online', (e) => m.assignment.onUserOnline(e), byCompanyAssignment);
  events.after('setup.changed', (e) => m.assignment.onSetupChanged(e), byCompanyAssignment);
  // The queues' SLA policies: due times applied, moved and settled after the fact, one ticket's reactions in order.
  const byTicketSla = <E extends { companyId: number }>(id: (e: E) => number) => ({ key: (e: E) => `sla:${id(e)}` });
  events.after(
    'ticket.queued',
    (e) => m.sla.onQueued(e),
    byTicketSla((e) => e.ticketId),
  );
  events.after(
    'ticket.created',
    (e) => m.sla.onCreated(e),
    byTicketSla((e) => e.ticket.id),
  );
  events.after(
    'ticket.transferred',
    (e) => m.sla.onTransferred(e),
    byTicketSla((e) => e.ticket.id),
  );
  events.after(
    'ticket.reopened',
    (e) => m.sla.onReopened(e),
    byTicketSla((e) => e.ticket.id),
  );
  events.after(
    'message.received',
    (e) => m.sla.onReceived(e),
    byTicketSla((e) => e.ticket.id),
  );
  events.after(
    'message.sent',
    (e) => m.sla.onSent(e),
    byTicketSla((e) => e.ticketId),
  );
  events.after(
    'ticket.closed',
    (e) => m.sla.onClosed(e),
    byTicketSla((e) => e.ticket.id),
  );
  // A campaign's report counts replies and the channel's acks as they happen, also after the campaign finished.
  events.after('message.received', (e) => m.campaigns.countReply(e));
  events.after('message.status', (e) => m.campaigns.countAck(e));
  // A schedule's message refused by the channel after it was taken (131047 outside the window) fails the schedule.
  events.after('message.status', (e) => m.schedules.failedSend(e));
  // Outgoing webhooks: each event an endpoint chose is recorded (one row per endpoint) and sent by a job; per company
  // in publishing order.
  const hooks = createWebhookReactions(deps, m.webhooks, (t) => settings.get(t));
  const byCompany = { key: (e: { companyId: number }) => `webhooks:${e.companyId}` };
  events.after('message.received', hooks.received, byCompany);
  events.after('message.sent', hooks.sent, byCompany);
  events.after('message.status', hooks.status, byCompany);
  events.after('ticket.created', hooks.ticketCreated, byCompany);
  events.after('ticket.accepted', hooks.ticketAccepted, byCompany);
  events.after('ticket.reopened', hooks.ticketReopened, byCompany);
  events.after('ticket.transferred', hooks.ticketTransferred, byCompany);
  events.after('ticket.closed', hooks.ticketClosed, byCompany);
  events.after('contact.created', hooks.contactCreated, byCompany);
  events.after('contact.updated', hooks.contactUpdated, byCompany);
  events.after('rating.received', hooks.rating, byCompany);
  events.after('campaign.finished', hooks.campaignFinished, byCompany);
  // An admin's change reaches every cache of this process; scaled, every process through the realtime Redis channel.
  const dropSetup = (e: DomainEventMap['setup.changed']) => {
    settings.drop(e.companyId);
    m.setup.drop(e.companyId);
    m.webhooks.drop(e.companyId);
  };
  events.on('setup.changed', (e) => {
    dropSetup(e);
    deps.realtime.relaySignal?.('setup.changed', e);
  });
  deps.realtime.onSignal?.('setup.changed', (e) => {
    const companyId = Number((e as { companyId?: unknown }).companyId);
    if (Number.isSafeInteger(companyId) && companyId > 0) dropSetup({ companyId });
  });
  if (metrics) {
    for (const name of EVENT_NAMES) events.on(name, () => metrics.domainEvents.inc({ event: name }));
  }
  app.log.debug({ events: EVENT_NAMES }, 'domain event subscribers registered');
}

const EVENT_NAMES: DomainEventName[] = [
  'message.received',
  'message.sent',
  'message.status',
  'ticket.created',
  'ticket.accepted',
  'ticket.transferred',
  'ticket.closed',
  'ticket.reopened',
  'ticket.queued',
  'user.online',
  'contact.created',
  'contact.updated',
  'campaign.finished',
  'rating.received',
  'setup.changed',
];

/** Every domain's routes and jobs, and the channels, registered in one place. */
export function registerModules(app: App, deps: CoreDeps): Modules {
  systemRoutes(app, deps);
  const auth = createAuthService(deps);
  authRoutes(app, deps, auth);
  settingsRoutes(app, deps, createSettingsService(deps));
  platformSettingsRoutes(app, deps, createPlatformSettingsService(deps));
  announcementsRoutes(app, deps, createAnnouncementsService(deps));
  const plans = createPlansService(deps);
  plansRoutes(app, deps, plans);
  helpsRoutes(app, deps, createHelpsService(deps));
  const companies = createCompaniesService(deps);
  companiesRoutes(app, deps, companies);
  deps.media.onChange((companyId, bytes, files) => companies.recordMedia(companyId, bytes, files));
  registerIntake(app);
  mediaRoutes(app, { media: deps.media, tokens: deps.tokens, loadContext: contextLoader(deps.database.db) });
  const audit = createAuditService(deps);
  auditRoutes(app, deps, audit);
  registerAuditJobs(deps.jobs, audit);
  const users = createUsersService(deps);
  usersRoutes(app, deps, users);
  registerUsersJobs(deps.jobs, users);
  queuesRoutes(app, deps, createQueuesService(deps));
  const messaging = registerMessaging(app, deps);
  const recovery = createRecoveryService(deps, { channels: messaging.channels, logger: app.log });
  recoveryRoutes(app, deps, recovery);
  registerRecoveryJobs(deps.jobs, recovery);
  // The close transition asks the automation first (ratings): a port filled once the automation exists.
  const closePolicy: ClosePolicy = {};
  const tickets = createTicketsService(
    deps,
    messaging.outbound,
    closePolicy,
    createWhatsappNumberCheck(deps, messaging.channels),
  );
  ticketsRoutes(app, deps, tickets);
  registerTicketsJobs(deps.jobs, tickets);
  const setup = createSceneSetupCache(deps.config.setupCacheMs);
  // A reply a campaign waits for (its confirmation) is the campaign's, decided under the ticket's lock with the bot's.
  const automation = createAutomationService(deps, tickets, {
    logger: app.log,
    setup,
    replies: { confirmation: { awaited: confirmationAwaited, claim: claimConfirmationReply } },
  });
  closePolicy.ratingInsteadOfClose = automation.ratingInsteadOfClose;
  registerAutomationJobs(deps, automation);
  const assignment = createAssignmentService(deps, tickets);
  registerAssignmentJobs(deps, assignment);
  const sla = createSlaService(deps, tickets);
  registerSlaJobs(deps, sla);
  const lanes = createKanbanLanes(deps, tickets);
  registerKanbanJobs(deps.jobs, lanes);
  tagsRoutes(app, deps, createTagsService(deps, tickets, lanes));
  kanbanRoutes(app, deps, createKanbanService(deps));
  dashboardRoutes(app, deps, createDashboardService(deps));
  satisfactionRoutes(app, deps, createSatisfactionService(deps));
  slaReportRoutes(app, deps, createSlaReportService(deps));
  const templates = createMessageTemplatesService(deps, cloudTemplatesFromConfig(deps.config));
  messageTemplatesRoutes(app, deps, templates);
  registerMessageTemplatesJobs(deps.jobs, templates, (obj, msg) => app.log.warn(obj, msg));
  const conversation = createConversationService(deps, tickets, messaging.outbound, messaging.channels, templates);
  conversationRoutes(app, deps, conversation);
  const schedules = createSchedulesService(deps, conversation, templates);
  schedulesRoutes(app, deps, schedules);
  registerSchedulesJobs(deps.jobs, schedules);
  ticketNotesRoutes(app, deps, createTicketNotesService(deps, tickets));
  ticketFilesRoutes(app, deps, createTicketFilesService(deps, tickets));
  quickMessagesRoutes(app, deps, createQuickMessagesService(deps));
  promptsRoutes(app, deps, createPromptsService(deps));
  copilotRoutes(app, deps, createCopilotService(deps, conversation));
  queueIntegrationsRoutes(app, deps, createQueueIntegrationsService(deps));
  filesRoutes(app, deps, createFilesService(deps));
  const contacts = createContactsService(deps, { channels: messaging.channels });
  contactsRoutes(app, deps, contacts);
  registerContactsJobs(deps.jobs, contacts);
  privacyRoutes(app, deps, createPrivacyService(deps, contacts, tickets));
  externalApiRoutes(app, deps, createExternalApiService(deps, { contacts, conversation, tickets }));
  reportsRoutes(app, deps, createReportsService(deps));
  const billing = createBillingService(deps, app.log);
  billingRoutes(app, deps, billing);
  registerBillingJobs(deps.jobs, billing);
  chatsRoutes(app, deps, createChatsService(deps));
  const contactLists = createContactListsService(deps, { channels: messaging.channels });
  contactListsRoutes(app, deps, contactLists);
  registerContactListsJobs(deps.jobs, contactLists);
  const campaigns = createCampaignsService(deps, conversation, tickets, templates);
  campaignsRoutes(app, deps, campaigns);
  registerCampaignsJobs(deps.jobs, campaigns);
  const webhooks = createWebhooksService(deps);
  webhooksRoutes(app, deps, webhooks);
  registerWebhooksJobs(deps.jobs, webhooks);
  subscribe(deps, app, { automation, assignment, sla, campaigns, schedules, setup, webhooks });
  return { automation, assignment, sla, webhooks, companies, plans, users, tickets, billing, auth, audit };
}
