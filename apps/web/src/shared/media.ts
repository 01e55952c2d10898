import { API_URL } from './config';

/** A media path from the API as a URL the browser can load (absolute URLs pass through). */
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${API_URL}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** What `isIOS` reads: the user agent and, for iPadOS, the touch points a Mac never has. */
type NavigatorLike = Pick<Navigator, 'userAgent' | 'maxTouchPoints'>;

/** iPhone, iPad, iPod — and iPadOS Safari, which reports itself as a Mac but has a touch screen. */
export function isIOS(nav: NavigatorLike | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (!nav) return false;
  if (/iPhone|iPad|iPod/i.test(nav.userAgent)) return true;
  return /Macintosh/i.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1;
}

/**
 * Seed 000 §9: Safari on iOS plays no Ogg/Opus (WhatsApp's voice notes), so there an `.ogg` audio is loaded as the
 * `.mp3` the server makes beside it (same signed link: the API opens `<name>.mp3` with the ogg's signature).
 */
export function playableAudioUrl(url: string, ios = isIOS()): string {
  return ios ? url.replace(/\.ogg(?=$|[?#])/i, '.mp3') : url;
}
