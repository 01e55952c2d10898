/**
 * OpenAI's audio transcription endpoint, as the stand-in answers it (same process as the Graph paths):
 *   POST /v1/audio/transcriptions   multipart `file` + `model` (+ `response_format`), `Authorization: Bearer <key>`
 *     → 200 { text }  |  401 invalid_api_key  |  400 invalid_request_error (no file, no model)
 * and its control path:
 *   POST /_standin/transcription { text?, fail? }   the text the next transcriptions answer (until changed), or
 *     `fail: true` to answer the next one with a 500 server_error
 * Without a text set, the answer names the file's size, so a test can tell which audio was sent.
 */
import type { Json } from './builders';

export interface OpenAiStandinOptions {
  /** When set, transcription calls must carry `Authorization: Bearer <openAiKey>`. */
  openAiKey?: string;
}

type Reply = (code: number, body: unknown) => void;

const openAiError = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});

export function createOpenAiState(opts: OpenAiStandinOptions, log: (line: string) => void) {
  let text: string | undefined;
  let failNext = false;
  return {
    /** True when the path was OpenAI's (answered). */
    handle(parts: string[], method: string, authorization: string | undefined, body: unknown, reply: Reply): boolean {
      if (parts[0] !== 'v1' || parts[1] !== 'audio' || parts[2] !== 'transcriptions' || parts.length !== 3) return false;
      if (method !== 'POST') {
        reply(405, openAiError(`Invalid method for URL (${method} /v1/audio/transcriptions)`, 'invalid_request_error', null));
        return true;
      }
      const key = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
      if (!key || (opts.openAiKey && key !== opts.openAiKey)) {
        const shown = key ? `${key.slice(0, 3)}*****${key.slice(-4)}` : '';
        reply(
          401,
          openAiError(
            key ? `Incorrect API key provided: ${shown}.` : "You didn't provide an API key.",
            'invalid_request_error',
            key ? 'invalid_api_key' : null,
          ),
        );
        return true;
      }
      const fields = (body && typeof body === 'object' ? body : {}) as Json;
      const file = fields.file as { filename?: string; size?: number; blob?: Blob } | undefined;
      if (!file || typeof file !== 'object' || !file.blob) {
        reply(400, openAiError("Could not parse multipart form: 'file' is required", 'invalid_request_error', null, 'file'));
        return true;
      }
      delete file.blob;
      if (typeof fields.model !== 'string' || !fields.model) {
        reply(400, openAiError('you must provide a model parameter', 'invalid_request_error', null, 'model'));
        return true;
      }
      if (failNext) {
        failNext = false;
        reply(500, openAiError('The server had an error while processing your request. Sorry about that!', 'server_error', null));
        return true;
      }
      const answer = text ?? `Transcrição do áudio ${file.filename ?? ''} (${file.size ?? 0} bytes)`.replace('  ', ' ');
      log(`transcription of ${file.filename ?? 'audio'} (${file.size ?? 0} bytes, ${fields.model}): ${answer}`);
      reply(200, { text: answer });
      return true;
    },
    control(what: string | undefined, method: string, body: unknown, reply: Reply): boolean {
      if (what !== 'transcription' || method !== 'POST') return false;
      const b = (body ?? {}) as { text?: unknown; fail?: unknown };
      if (typeof b.text === 'string') text = b.text;
      if (b.text === null) text = undefined;
      if (b.fail === true) failNext = true;
      reply(200, { text: text ?? null, failNext });
      return true;
    },
  };
}
