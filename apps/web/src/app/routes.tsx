import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { STORAGE_KEYS, useStorageItem } from '../shared/storage';
import { Loading } from '../shared/ui/Loading';
import { PublicOnly, RequireAuth, type RouteAccess, RouteGate, TicketIdGuard } from './guards';

// Every page is its own chunk: the login route loads only what it needs.
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/pages/SignupPage'));
const RecoveryPasswordPage = lazy(() => import('../features/auth/pages/RecoveryPasswordPage'));
const AppShell = lazy(() => import('./layout/AppShell'));
const WelcomePage = lazy(() => import('../features/help/pages/WelcomePage'));
const TodoListPage = lazy(() => import('../features/todolist/pages/TodoListPage'));
const ReportsPage = lazy(() => import('../features/reports/pages/ReportsPage'));
const NotFoundPage = lazy(() => import('../features/system/pages/NotFoundPage'));
const TicketsPage = lazy(() => import('../features/tickets/pages/TicketsPage'));
const MomentsPage = lazy(() => import('../features/moments/pages/MomentsPage'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const UsersPage = lazy(() => import('../features/users/pages/UsersPage'));
const AuditLogPage = lazy(() => import('../features/audit/pages/AuditLogPage'));
const QueuesPage = lazy(() => import('../features/queues/pages/QueuesPage'));
const ChatbotPage = lazy(() => import('../features/queues/pages/ChatbotPage'));
const ConnectionsPage = lazy(() => import('../features/connections/pages/ConnectionsPage'));
const AllConnectionsPage = lazy(() => import('../features/connections/pages/AllConnectionsPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const ContactsPage = lazy(() => import('../features/contacts/pages/ContactsPage'));
const ContactsImportPage = lazy(() => import('../features/contacts/pages/ContactsImportPage'));
const TagsPage = lazy(() => import('../features/tags/pages/TagsPage'));
const TagsKanbanPage = lazy(() => import('../features/tags/pages/TagsKanbanPage'));
const ChatsPage = lazy(() => import('../features/chats/pages/ChatsPage'));
const MessagesApiPage = lazy(() => import('../features/messages-api/pages/MessagesApiPage'));
const WebhooksPage = lazy(() => import('../features/webhooks/pages/WebhooksPage'));
const KanbanPage = lazy(() => import('../features/kanban/pages/KanbanPage'));
const SchedulesPage = lazy(() => import('../features/schedules/pages/SchedulesPage'));
const QuickMessagesPage = lazy(() => import('../features/quick-messages/pages/QuickMessagesPage'));
const PromptsPage = lazy(() => import('../features/prompts/pages/PromptsPage'));
const QueueIntegrationsPage = lazy(() => import('../features/queue-integrations/pages/QueueIntegrationsPage'));
const FileListsPage = lazy(() => import('../features/files/pages/FileListsPage'));
const TypebotPage = lazy(() => import('../features/typebot/pages/TypebotPage'));
const AnnouncementsPage = lazy(() => import('../features/announcements/pages/AnnouncementsPage'));
const CompaniesPage = lazy(() => import('../features/companies/pages/CompaniesPage'));
const HelpsPage = lazy(() => import('../features/help/pages/HelpsPage'));
const FinanceiroPage = lazy(() => import('../features/billing/pages/FinanceiroPage'));
const ContactListsPage = lazy(() => import('../features/contact-lists/pages/ContactListsPage'));
const ContactListItemsPage = lazy(() => import('../features/contact-lists/pages/ContactListItemsPage'));
const CampaignsPage = lazy(() => import('../features/campaigns/pages/CampaignsPage'));
const CampaignsConfigPage = lazy(() => import('../features/campaigns/pages/CampaignsConfigPage'));
const CampaignReportPage = lazy(() => import('../features/campaigns/pages/CampaignReportPage'));

export interface PrivateRouteDef {
  path: string;
  element: ReactNode;
  access?: RouteAccess;
  /** Registered only when the local flag cshow exists (seed 002 §2.2). */
  campaign?: boolean;
}

/** The full route table of seed 002 §2.2 (plus /chatbot/:id of seed 001). */
export const PRIVATE_ROUTES: PrivateRouteDef[] = [
  { path: '/', element: <DashboardPage />, access: { permission: { name: 'dashboard:view', denied: 'forbidden' } } },
  { path: '/financeiro', element: <FinanceiroPage />, access: { narrowOk: true } },
  { path: '/companies', element: <CompaniesPage />, access: { superOnly: 'home' } },
  {
    path: '/tickets/:ticketId?',
    element: (
      <TicketIdGuard>
        <TicketsPage />
      </TicketIdGuard>
    ),
    access: { narrowOk: true },
  },
  {
    path: '/connections',
    element: <ConnectionsPage />,
    access: { permission: { name: 'connections:view', denied: 'noPermission' } },
  },
  { path: '/allConnections', element: <AllConnectionsPage />, access: { superOnly: 'tickets' } },
  { path: '/quick-messages', element: <QuickMessagesPage /> },
  { path: '/todolist', element: <TodoListPage />, access: { narrowOk: true } },
  { path: '/schedules', element: <SchedulesPage />, access: { plan: 'useSchedules' } },
  { path: '/tags', element: <TagsPage /> },
  { path: '/Kanban', element: <KanbanPage />, access: { plan: 'useKanban' } },
  { path: '/TagsKanban', element: <TagsKanbanPage />, access: { plan: 'useKanban' } },
  { path: '/contacts', element: <ContactsPage />, access: { narrowOk: true } },
  { path: '/contacts/import', element: <ContactsImportPage /> },
  { path: '/helps', element: <HelpsPage /> },
  { path: '/ajuda', element: <WelcomePage />, access: { narrowOk: true } },
  { path: '/users', element: <UsersPage />, access: { permission: { name: 'users:manage', denied: 'noPermission' } } },
  {
    path: '/audit-log',
    element: <AuditLogPage />,
    access: { permission: { name: 'audit:view', denied: 'noPermission' } },
  },
  { path: '/messages-api', element: <MessagesApiPage />, access: { plan: 'useExternalApi' } },
  {
    path: '/webhooks',
    element: <WebhooksPage />,
    access: { permission: { name: 'webhooks:manage', denied: 'noPermission' }, plan: 'useExternalApi' },
  },
  { path: '/settings', element: <SettingsPage />, access: { permission: { name: 'settings:options', denied: 'noPermission' } } },
  { path: '/queues', element: <QueuesPage />, access: { permission: { name: 'queues:manage', denied: 'noPermission' } } },
  // usable on a narrow screen (issue 30 item 9: only / and the pages that need room redirect, seed 002 §2.1)
  {
    path: '/reports',
    element: <ReportsPage />,
    access: { narrowOk: true, permission: { name: 'reports:view', denied: 'noPermission' } },
  },
  {
    path: '/queue-integration',
    element: <QueueIntegrationsPage />,
    access: { permission: { name: 'integrations:manage', denied: 'noPermission' }, plan: 'useIntegrations' },
  },
  { path: '/announcements', element: <AnnouncementsPage />, access: { superOnly: 'home' } },
  { path: '/chats/:id?', element: <ChatsPage />, access: { narrowOk: true, plan: 'useInternalChat' } },
  { path: '/files', element: <FileListsPage />, access: { permission: { name: 'files:manage', denied: 'noPermission' } } },
  { path: '/moments', element: <MomentsPage />, access: { permission: { name: 'moments:view', denied: 'noPermission' } } },
  {
    path: '/prompts',
    element: <PromptsPage />,
    access: { permission: { name: 'prompts:manage', denied: 'noPermission' }, plan: 'useOpenAi' },
  },
  { path: '/typebot', element: <TypebotPage /> },
  { path: '/chatbot/:id', element: <ChatbotPage />, access: { permission: { name: 'queues:manage', denied: 'noPermission' } } },
  // campaigns and contact lists: only with the local flag cshow
  {
    path: '/contact-lists',
    element: <ContactListsPage />,
    campaign: true,
    access: { permission: { name: 'contact-lists:manage', denied: 'noPermission' }, plan: 'useCampaigns' },
  },
  {
    path: '/contact-lists/:contactListId/contacts',
    element: <ContactListItemsPage />,
    campaign: true,
    access: { permission: { name: 'contact-lists:manage', denied: 'noPermission' }, plan: 'useCampaigns' },
  },
  {
    path: '/campaigns',
    element: <CampaignsPage />,
    campaign: true,
    access: { permission: { name: 'campaigns:manage', denied: 'noPermission' }, plan: 'useCampaigns' },
  },
  {
    path: '/campaign/:campaignId/report',
    element: <CampaignReportPage />,
    campaign: true,
    access: { permission: { name: 'campaigns:manage', denied: 'noPermission' }, plan: 'useCampaigns' },
  },
  {
    path: '/campaigns-config',
    element: <CampaignsConfigPage />,
    campaign: true,
    access: { permission: { name: 'campaigns:manage', denied: 'noPermission' }, plan: 'useCampaigns' },
  },
];

/** Public routes (seed 002 §2.1): an authenticated visitor is sent to /. */
export const PUBLIC_PATHS = ['/login', '/signup', '/recovery-password'] as const;

export function privateRoutes(campaignsFlag: boolean): PrivateRouteDef[] {
  return PRIVATE_ROUTES.filter((r) => !r.campaign || campaignsFlag);
}

export function AppRoutes() {
  const campaignsFlag = Boolean(useStorageItem(STORAGE_KEYS.cshow));
  return (
    <Suspense fallback={<Loading fullScreen />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/recovery-password" element={<RecoveryPasswordPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route element={<AppShell />}>
            {privateRoutes(campaignsFlag).map((r) => (
              <Route key={r.path} path={r.path} element={<RouteGate access={r.access}>{r.element}</RouteGate>} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
