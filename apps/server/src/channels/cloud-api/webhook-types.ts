/**
 * The shape of WhatsApp Cloud API webhook notifications (object `whatsapp_business_account`, field `messages`),
 * as far as the mapping reads them. Everything is optional: the mapping never trusts a field to be there.
 */

export interface CloudWebhookPayload {
  object?: string;
  entry?: CloudEntry[];
}

export interface CloudEntry {
  /** WhatsApp Business Account id. */
  id?: string;
  changes?: CloudChange[];
}

export interface CloudChange {
  /** `messages` for messages and statuses; `smb_message_echoes` for messages sent from the WhatsApp Business app (coexistence). */
  field?: string;
  value?: CloudChangeValue;
}

export interface CloudChangeValue {
  messaging_product?: string;
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: CloudContactProfile[];
  messages?: CloudMessage[];
  message_echoes?: CloudMessage[];
  statuses?: CloudStatus[];
  errors?: CloudError[];
}

export interface CloudContactProfile {
  wa_id?: string;
  user_id?: string;
  profile?: { name?: string };
}

export interface CloudError {
  code?: number;
  title?: string;
  message?: string;
  error_data?: { details?: string };
  href?: string;
}

export interface CloudMediaObject {
  id?: string;
  mime_type?: string;
  sha256?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
  animated?: boolean;
  url?: string;
}

export interface CloudContactCard {
  name?: { formatted_name?: string; first_name?: string; last_name?: string; middle_name?: string };
  phones?: { phone?: string; wa_id?: string; type?: string }[];
  emails?: { email?: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
  urls?: { url?: string; type?: string }[];
  addresses?: Record<string, unknown>[];
  birthday?: string;
}

export interface CloudMessage {
  id?: string;
  from?: string;
  /** Present on echoes: the customer the business wrote to. */
  to?: string;
  timestamp?: string;
  type?: string;
  context?: {
    from?: string;
    id?: string;
    forwarded?: boolean;
    frequently_forwarded?: boolean;
    referred_product?: { catalog_id?: string; product_retailer_id?: string };
  };
  referral?: Record<string, unknown>;
  text?: { body?: string };
  image?: CloudMediaObject;
  audio?: CloudMediaObject;
  video?: CloudMediaObject;
  document?: CloudMediaObject;
  sticker?: CloudMediaObject;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string; url?: string };
  contacts?: CloudContactCard[];
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
    nfm_reply?: { name?: string; body?: string; response_json?: string };
  };
  button?: { payload?: string; text?: string };
  reaction?: { message_id?: string; emoji?: string };
  order?: {
    catalog_id?: string;
    text?: string;
    product_items?: {
      product_retailer_id?: string;
      quantity?: number | string;
      item_price?: number | string;
      currency?: string;
    }[];
  };
  system?: { body?: string; type?: string; new_wa_id?: string; wa_id?: string; identity?: string; customer?: string };
  identity?: Record<string, unknown>;
  errors?: CloudError[];
}

export interface CloudStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  errors?: CloudError[];
  conversation?: Record<string, unknown>;
  pricing?: Record<string, unknown>;
  biz_opaque_callback_data?: string;
}
