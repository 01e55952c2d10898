/**
 * Why a send failed, in words a person acts on (issue 31 item 10). A failed message keeps the channel's own text
 * (`sendError`: Graph API "Title (131047): details", "… (10/2018278)", or one of our codes such as
 * ERR_WAPP_NOT_INITIALIZED); this reads the reason out of it, and the web app translates the reason.
 */
export const SEND_FAILURE_REASONS = [
  'window24h',
  'templateMissing',
  'templateParameters',
  'templatePaused',
  'undeliverable',
  'unsupportedType',
  'invalidParameter',
  'tokenExpired',
  'media',
  'marketingLimit',
  'rateLimited',
  'blocked',
  'connectionDown',
  'generic',
] as const;
export type SendFailureReason = (typeof SEND_FAILURE_REASONS)[number];

/** Graph API codes (WhatsApp Cloud API, Messenger, Instagram) → reason. */
const BY_CODE: Record<number, SendFailureReason> = {
  131047: 'window24h', // re-engagement: more than 24 h since the customer's last message
  470: 'window24h', // the same, before Cloud API v2
  132001: 'templateMissing', // no such template in that language (or not approved)
  132000: 'templateParameters', // the number of values does not match the template's variables
  132012: 'templateParameters', // a value's format does not match
  132015: 'templatePaused',
  132016: 'templatePaused', // disabled after being paused too often
  131026: 'undeliverable', // not on WhatsApp, an old app, or the new terms not accepted
  551: 'undeliverable', // Messenger: this person is not available right now
  131051: 'unsupportedType',
  100: 'invalidParameter',
  131008: 'invalidParameter',
  131009: 'invalidParameter',
  190: 'tokenExpired',
  131052: 'media',
  131053: 'media',
  131049: 'marketingLimit',
  4: 'rateLimited',
  80007: 'rateLimited',
  130429: 'rateLimited',
  131048: 'rateLimited',
  131056: 'rateLimited',
  368: 'blocked',
  131031: 'blocked',
};

/** Messenger / Instagram: code 10 with this subcode (or the words) is a reply outside the 24-hour window. */
const OUTSIDE_WINDOW_SUBCODE = 2018278;

const OWN_CODES: Record<string, SendFailureReason> = {
  ERR_OUTSIDE_24H_WINDOW: 'window24h',
  ERR_WAPP_NOT_INITIALIZED: 'connectionDown',
  ERR_NO_WAPP_FOUND: 'connectionDown',
  ERR_FILE_TOO_LARGE: 'media',
  ERR_TEMPLATE_NOT_FOUND: 'templateMissing',
  ERR_TEMPLATE_NOT_APPROVED: 'templatePaused',
  ERR_TEMPLATE_PARAMETERS: 'templateParameters',
  ERR_CAMPAIGN_TEMPLATE_REQUIRED: 'window24h',
};

/** The provider's code (and subcode) written in a failure text: "(131047)", "(10/2018278)". */
export function sendFailureCode(text: string): { code: number; subcode?: number } | null {
  // Meta's "(#132000) …" first; else the code that ends the title ("Title (131047): details") or the text ("… (132001)"),
  // not a number the details happen to put in brackets ("localizable_params (2)").
  const m =
    /\(#(\d{1,7})(?:\/(\d{1,9}))?\)/.exec(text) ??
    /\((\d{1,7})(?:\/(\d{1,9}))?\)(?=:|\s*$)/.exec(text) ??
    /\((\d{1,7})(?:\/(\d{1,9}))?\)/.exec(text);
  if (!m) return null;
  return { code: Number(m[1]), ...(m[2] ? { subcode: Number(m[2]) } : {}) };
}

/** The reason of a failed send (null when it did not fail). */
export function sendFailureReason(sendError: string | null | undefined): SendFailureReason | null {
  if (!sendError) return null;
  const own = OWN_CODES[sendError.split(':')[0].trim()];
  if (own) return own;
  const found = sendFailureCode(sendError);
  if (found?.code === 10 && (found.subcode === OUTSIDE_WINDOW_SUBCODE || /outside (of )?(the )?allowed window/i.test(sendError)))
    return 'window24h';
  if (found && BY_CODE[found.code]) return BY_CODE[found.code];
  if (/stored media is missing|stored media path|over the \d+-byte limit/i.test(sendError)) return 'media';
  return 'generic';
}

/**
 * Whether deleting a sent message also takes it back from the customer on this channel. No adapter revokes yet
 * (ChannelAdapter has no revoke; the Cloud API, Messenger and Instagram offer none, Baileys could): on every channel
 * a delete hides the message in Atendo only, and the web app says so before deleting (issue 31 item 10).
 */
export const UNSEND_CHANNELS: readonly string[] = [];
export const canUnsend = (channel: string | null | undefined) => Boolean(channel && UNSEND_CHANNELS.includes(channel));
