import { getToken } from '../storage';
import { ApiError, buildUrl, type QueryValue } from './client';

export interface DownloadProgress {
  /** Bytes received so far. */
  bytes: number;
  /** What the server said the file holds (X-Total-Count: rows), when it says. */
  total: number | null;
}

/**
 * A file the server streams (the .xlsx exports): read as it arrives, so a long export shows its progress, then saved
 * by the browser under the name of Content-Disposition (or `fallbackName`).
 */
export async function downloadStreamed(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
  onProgress?: (p: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  const token = getToken();
  const res = await fetch(buildUrl(path, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    signal,
  });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body);
  }
  const totalHeader = res.headers.get('x-total-count');
  const total = totalHeader === null ? null : Number(totalHeader);
  const parts: BlobPart[] = [];
  let bytes = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      onProgress?.({ bytes, total });
    }
  } else {
    parts.push(await res.blob());
  }
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const blob = new Blob(parts, { type });
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(blob, name);
}

/** Hands a file made in the browser to the user as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
