/**
 * Audio transcription (GET /messages/transcribeAudio/:file, seed 000 §7, and the AI prompts' runtime): the stored
 * audio goes to OpenAI's transcription endpoint (POST {OPENAI_API_URL}/audio/transcriptions, multipart `file` +
 * `model`, answer `{ text }`) with the platform's OpenAI audio key (global setting openaikeyaudio, set by the super
 * admin). The call goes through the guarded outbound fetch (platform/safe-fetch.ts `outboundFetch(config)`: public
 * addresses only unless OUTBOUND_ALLOWED_HOSTS lets a local stand-in through, a timeout, a size cap on the answer).
 * The text is kept in the message's dataJson.transcription, so a second click (or a colleague's) costs nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../platform/errors';
import { OutboundRefused, type SafeFetch } from '../../platform/safe-fetch';

export const TRANSCRIPTION_MODEL = 'whisper-1';
/** The whole exchange (upload, transcription, answer). */
export const TRANSCRIPTION_TIMEOUT_MS = 60_000;
const ANSWER_MAX_BYTES = 1_000_000;

export interface TranscribeInput {
  /** Absolute path of the stored audio. */
  file: string;
  mimeType: string | null;
  apiUrl: string;
  apiKey: string;
  /** The guarded outbound fetch: `outboundFetch(deps.config)`. */
  fetch: SafeFetch;
  timeoutMs?: number;
}

/** A multipart/form-data body built by hand (the guarded fetch sends bytes): fields, then the one file. */
function multipartBody(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----atendo${randomBytes(12).toString('hex')}`;
  const quote = (v: string) => v.replace(/["\r\n\\]/g, '_');
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(file.name)}"\r\n` +
        `Content-Type: ${quote(file.type)}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One call to the transcription endpoint; any failure of the provider is ERR_TRANSCRIPTION_FAILED (502) with
 * `details` saying why (`reason`: the refusal — timeout, network, address… — or `status` and OpenAI's error `code`).
 */
export async function transcribe(input: TranscribeInput): Promise<string> {
  const data = await readFile(input.file).catch(() => {
    throw new AppError('ERR_NO_MEDIA_FOUND', 404);
  });
  const form = multipartBody(
    { model: TRANSCRIPTION_MODEL, response_format: 'json' },
    { name: path.basename(input.file), type: input.mimeType ?? 'application/octet-stream', data },
  );
  let res: Awaited<ReturnType<SafeFetch>>;
  try {
    res = await input.fetch(`${input.apiUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${input.apiKey}`,
        'content-type': form.contentType,
        'content-length': String(form.body.length),
      },
      body: form.body,
      timeoutMs: input.timeoutMs ?? TRANSCRIPTION_TIMEOUT_MS,
      maxBytes: ANSWER_MAX_BYTES,
    });
  } catch (e) {
    throw new AppError('ERR_TRANSCRIPTION_FAILED', 502, { reason: e instanceof OutboundRefused ? e.reason : 'network' });
  }
  let answer: { text?: unknown; error?: { code?: unknown; type?: unknown; message?: unknown } } | null = null;
  try {
    answer = res.json();
  } catch {
    answer = null;
  }
  if (res.status < 200 || res.status >= 300) {
    const e = answer?.error;
    const code = typeof e?.code === 'string' ? e.code : typeof e?.type === 'string' ? e.type : undefined;
    throw new AppError('ERR_TRANSCRIPTION_FAILED', 502, { status: res.status, code });
  }
  if (typeof answer?.text !== 'string') throw new AppError('ERR_TRANSCRIPTION_FAILED', 502, { reason: 'invalid answer' });
  return answer.text.trim();
}

const REASON_WORDS: Record<string, string> = {
  address: 'provider address refused (not public)',
  scheme: 'provider URL refused',
  redirects: 'too many redirects',
  timeout: 'timeout',
  too_large: 'answer too large',
  network: 'provider unreachable',
};

/** Why a transcription failed, in words for the ticket log (e.g. "audio transcription failed: HTTP 500 server_error"). */
export function transcriptionFailure(err: unknown): string {
  if (err instanceof AppError && err.code === 'ERR_TRANSCRIPTION_FAILED') {
    const d = err.details ?? {};
    const reason = String(d.reason ?? '');
    const why =
      typeof d.status === 'number'
        ? `HTTP ${d.status}${typeof d.code === 'string' ? ` ${d.code}` : ''}`
        : (REASON_WORDS[reason] ?? reason);
    return `audio transcription failed${why ? `: ${why}` : ''}`;
  }
  if (err instanceof AppError && err.code === 'ERR_NO_MEDIA_FOUND')
    return 'audio transcription failed: the audio file is missing';
  return `audio transcription failed: ${(err as Error)?.message || 'unknown error'}`;
}
