/** Business constants of the seeds (000 §9, 001 §9, 002 §9). */
export const DEBOUNCE_MS = 500;
export const FORM_SUBMIT_DELAY_MS = 400;
export const CONNECTION_ATTENTION_DELAY_MS = 2000;
export const ERROR_TOAST_MS = 2000;
export const TOAST_MS = 3000;
export const USER_STATUS_PING_MS = 300_000;
export const SOCKET_RECONNECT_MS = 1000;
export const MOMENTS_WINDOW_DAYS = 30;
export const REPORT_TIMEZONE = 'America/Sao_Paulo';
export const MESSAGE_PAGE_TOP_PX = 50;
export const LIST_PAGE_BOTTOM_PX = 100;
export const MESSAGE_EDIT_WINDOW_MS = 900_000;
export const MIN_AUDIO_BYTES = 10_000;
export const QUICK_MESSAGE_LABEL_MAX = 90;
export const NARROW_SCREEN_PX = 768;
export const DRAWER_WIDTH_PX = 240;
export const TICKET_LIST_MIN_PX = 404;
export const TICKET_LIST_MAX_PX = 700;
export const REMEMBER_EMAIL_DAYS = 7;
export const SUBSCRIPTION_WARNING_DAYS = 5;
export const PLATFORM_COMPANY_ID = 1;
/** Company 1 never expires: the client sees this fake due date. */
export const PLATFORM_DUE_DATE = '2999-12-31T23:59:59.000Z';
export const CONNECTION_TOKEN_LENGTH = 30;
export const DOWNLOAD_LIMIT_OPTIONS_MB = [32, 64, 128, 256, 512, 1024, 2048] as const;
export const DEFAULT_DOWNLOAD_LIMIT_MB = 64;
/**
 * Who takes a queue's waiting ticket (docs/automation.md "Assignment"): nobody (attendants accept), a random
 * attendant with room (the seeds' company switch `userRandom`), the next one by turn, the one with fewest open tickets.
 */
export const ASSIGNMENT_MODES = ['off', 'random', 'roundRobin', 'leastBusy'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
/** The highest capacity (open tickets per attendant) a queue or a user may set; 0 on a queue = no limit. */
export const ASSIGNMENT_CAPACITY_MAX = 1000;

export const ROTATION_MINUTES_OPTIONS = [2, 5, 10, 15, 30, 45, 60] as const;
export const RECURRENCES = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof RECURRENCES;
export const PRIMARY_COLOR_LIGHT = '#0000FF';
export const PRIMARY_COLOR_DARK = '#39ACE7';
export const FALLBACK_COLOR = '#065183';
export const DEFAULT_APP_NAME = 'Atendo';
export const CONNECTION_ATTENTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
export const TICKET_STATUSES = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const;
export type Channel = (typeof CHANNELS)[number];
/** Public settings readable without a session (GET /public-settings/:key). */
export const PUBLIC_SETTING_KEYS = [
  'allowSignup',
  'appName',
  'primaryColorLight',
  'primaryColorDark',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
] as const;
export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];
