import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AllInclusive from '@mui/icons-material/AllInclusive';
import AnnouncementOutlined from '@mui/icons-material/AnnouncementOutlined';
import ApiOutlined from '@mui/icons-material/ApiOutlined';
import AttachFile from '@mui/icons-material/AttachFile';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DeviceHubOutlined from '@mui/icons-material/DeviceHubOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FlashOnOutlined from '@mui/icons-material/FlashOnOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type SvgIcon from '@mui/material/SvgIcon';
import type { MenuKey } from './menu';

export const MENU_ICONS: Record<MenuKey, typeof SvgIcon> = {
  dashboard: DashboardOutlined,
  moments: SpeedOutlined,
  ajuda: HomeOutlined,
  tickets: WhatsApp,
  quickMessages: FlashOnOutlined,
  kanban: ViewKanbanOutlined,
  contacts: ContactPhoneOutlined,
  schedules: EventOutlined,
  tags: LocalOfferOutlined,
  chats: ForumOutlined,
  helps: HelpOutline,
  todolist: ChecklistOutlined,
  campaigns: CampaignOutlined,
  contactLists: ListAltOutlined,
  campaignsConfig: TuneOutlined,
  messagesApi: ApiOutlined,
  webhooks: WebhookOutlined,
  reports: SummarizeOutlined,
  users: PeopleAltOutlined,
  auditLog: ManageSearchOutlined,
  queues: AccountTreeOutlined,
  typebot: SmartToyOutlined,
  prompts: PsychologyOutlined,
  queueIntegration: DeviceHubOutlined,
  connections: SyncAltOutlined,
  allConnections: AllInclusive,
  files: AttachFile,
  financeiro: ReceiptLongOutlined,
  settings: SettingsOutlined,
  companies: BusinessOutlined,
  announcements: AnnouncementOutlined,
};
