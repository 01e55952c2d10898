/** The stored file's name (as platform/media.ts stores it) in an audio message's URL (`…/media/<company>/<kind>/<name>.<ext>?exp=…&sig=…`), or null. */
export function audioFileName(mediaUrl: unknown): string | null {
  if (typeof mediaUrl !== 'string' || !mediaUrl) return null;
  let pathname: string;
  try {
    pathname = new URL(mediaUrl, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const name = pathname.split('/').pop() ?? '';
  return /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}$/.test(name) ? name : null;
}

/** A transcription kept on the message (dataJson.transcription), if any. */
export function keptTranscription(dataJson: unknown): string | null {
  if (!dataJson || typeof dataJson !== 'object') return null;
  const v = (dataJson as Record<string, unknown>).transcription;
  return typeof v === 'string' ? v : null;
}
