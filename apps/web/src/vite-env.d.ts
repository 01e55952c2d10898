/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin, e.g. https://api.example.com. Default: this host on port 8080. */
  readonly VITE_API_URL?: string;
  /** Video shown on /ajuda (an embeddable URL). */
  readonly VITE_WELCOME_VIDEO_URL?: string;
  /** Support WhatsApp number for the /ajuda contact button (digits with country code). */
  readonly VITE_SUPPORT_WHATSAPP?: string;
}
