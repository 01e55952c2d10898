/** Where the API lives: VITE_API_URL at build time, else this host on port 8080 (the embedded product). */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return `${window.location.protocol}//${window.location.hostname}:8080`;
}

export const API_URL = apiBaseUrl();
export const WELCOME_VIDEO_URL = import.meta.env.VITE_WELCOME_VIDEO_URL ?? '';
export const SUPPORT_WHATSAPP = import.meta.env.VITE_SUPPORT_WHATSAPP ?? '';
