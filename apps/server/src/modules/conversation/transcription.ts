/**
 * Audio transcription (GET /messages/transcribeAudio/:file, seed 000 §7): the stored audio goes to OpenAI's
 * transcription endpoint (POST {OPENAI_API_URL}/audio/transcriptions, multipart `file` + `model`, answer `{ text }`)
 * with the platform's OpenAI audio key (global setting openaikeyaudio, set by the super admin). The text is kept in
 * the message's dataJson.transcription, so a second click (or a colleague's) costs nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../platform/errors';

export const TRANSCRIPTION_MODEL = 'whisper-1';
const TIMEOUT_MS = 60_000;

export interface TranscribeInput {
  /** Absolute path of the stored audio. */
  file: string;
  mimeType: string | null;
  apiUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

/** One call to the transcription endpoint; any failure of the provider is ERR_TRANSCRIPTION_FAILED (502). */
export async function transcribe(input: TranscribeInput): Promise<string> {
  const data = await readFile(input.file).catch(() => {
    throw new AppError('ERR_NO_MEDIA_FOUND', 404);
  });
  const form = new FormData();
  form.append('file', new Blob([data], { type: input.mimeType ?? 'application/octet-stream' }), path.basename(input.file));
  form.append('model', TRANSCRIPTION_MODEL);
  form.append('response_format', 'json');
  let res: Response;
  try {
    res = await (input.fetch ?? fetch)(`${input.apiUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${input.apiKey}` },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AppError('ERR_TRANSCRIPTION_FAILED', 502, { reason: 'unreachable' });
  }
  const answer = (await res.json().catch(() => null)) as { text?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (!res.ok) {
    const code = typeof answer?.error?.code === 'string' ? answer.error.code : undefined;
    throw new AppError('ERR_TRANSCRIPTION_FAILED', 502, { status: res.status, code });
  }
  if (typeof answer?.text !== 'string') throw new AppError('ERR_TRANSCRIPTION_FAILED', 502, { reason: 'invalid answer' });
  return answer.text.trim();
}
