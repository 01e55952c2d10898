/**
 * Which browser origins may call the API with credentials (CORS for HTTP and socket.io).
 *
 * Scaled mode: FRONTEND_URL only. Embedded mode (this process serves the web app too, SERVE_WEB):
 * also the web app as the browser opened it — the same host name the request reached the API by, on
 * the web port — so http://127.0.0.1:3000, http://<server-ip>:3000 or http://pc.local:3000 work
 * without configuration, while a page of another host is still refused (issue 16 item 1).
 */
export interface OriginPolicy {
  frontendUrl: string;
  /** Set in the embedded mode: the port the web app is served on by this process. */
  webPort?: number;
}

/** The host name of a Host header (`h:8080`, `[::1]:8080`), lower-cased, without the port. */
function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

export function isAllowedOrigin(policy: OriginPolicy, origin: string | undefined, hostHeader: string | undefined): boolean {
  if (!origin) return false;
  if (origin === policy.frontendUrl) return true;
  if (policy.webPort === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return port === String(policy.webPort) && url.hostname.toLowerCase() === hostnameOf(hostHeader);
}

/** The origin policy of a configuration. */
export const originPolicy = (config: { frontendUrl: string; serveWeb: boolean; webPort: number }): OriginPolicy => ({
  frontendUrl: config.frontendUrl,
  webPort: config.serveWeb ? config.webPort : undefined,
});
