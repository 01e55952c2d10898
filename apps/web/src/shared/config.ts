/** What the server that serves the web app tells it at run time (apps/server/src/platform/web-server.ts). */
export interface RuntimeConfig {
  apiUrl?: string;
  apiPort?: number;
}

declare global {
  interface Window {
    __ATENDO_CONFIG__?: RuntimeConfig;
  }
}

/**
 * Where the API lives (issue 30 item 1): VITE_API_URL when the bundle was built with it (a separately hosted
 * build); else what the serving process says at run time — the API's public URL, or its port on the host this page
 * was opened by; else this host on port 8080.
 */
export function apiBaseUrl(
  built: string | undefined = import.meta.env.VITE_API_URL,
  runtime: RuntimeConfig | undefined = window.__ATENDO_CONFIG__,
  location: Pick<Location, 'protocol' | 'hostname'> = window.location,
): string {
  const url = built || runtime?.apiUrl;
  if (url) return url.replace(/\/+$/, '');
  const port = Number.isInteger(runtime?.apiPort) ? runtime?.apiPort : 8080;
  return `${location.protocol}//${location.hostname}:${port}`;
}

export const API_URL = apiBaseUrl();
export const WELCOME_VIDEO_URL = import.meta.env.VITE_WELCOME_VIDEO_URL ?? '';
export const SUPPORT_WHATSAPP = import.meta.env.VITE_SUPPORT_WHATSAPP ?? '';
