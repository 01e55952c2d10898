/**
 * OpenAI's audio transcription endpoint, as the stand-in answers it (same process as the Graph paths):
 *   POST /v1/audio/transcriptions   multipart `file` + `model` (+ `response_format`), `Authorization: Bearer <key>`
 *     → 200 { text }  |  401 invalid_api_key  |  400 invalid_request_error (no file, no model)
 * and its control path:
 *   POST /_standin/transcription { text?, fail? }   the text the next transcriptions answer (until changed), or
 *     `fail: true` to answer the next one with a 500 server_error
 * Without a text set, the answer names the file's size, so a test can tell which audio was sent.
 *
 * Chat completions (OpenAI's wire format):
 *   POST /v1/chat/completions { model, messages[{role, content}], temperature?, max_tokens? }, `Authorization: Bearer <key>`
 *     → 200 { id, object: 'chat.completion', created, model, choices: [{ index, message: { role: 'assistant', content },
 *       finish_reason }], usage: { prompt_tokens, completion_tokens, total_tokens } }  |  401 invalid_api_key  |  500 server_error
 *   Scripted per test through `chat` (in process) or POST /_standin/chat { answers?: string[], fail?: 401 | 500, clear?: true }:
 *   a queue of answers, else a function, else "Resposta da IA: <the last user message>". The last request is kept.
 *
 * Speech synthesis (Azure's text-to-speech REST, base SPEECH_API_URL instead of https://{region}.tts.speech.microsoft.com):
 *   POST /cognitiveservices/v1  SSML body, `Ocp-Apim-Subscription-Key`, `X-Microsoft-OutputFormat`
 *     → 200 audio bytes (a small valid OGG/Opus file)  |  401 without a key
 */
import type { Json } from './builders';

export interface OpenAiStandinOptions {
  /** When set, transcription calls must carry `Authorization: Bearer <openAiKey>`. */
  openAiKey?: string;
}

type Reply = (code: number, body: unknown) => void;
type ReplyBytes = (code: number, data: Uint8Array, contentType: string) => void;

export interface ChatMessage {
  role: string;
  content: string;
}
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  authorization?: string;
}
/** The chat completions stand-in, scriptable per test. */
export interface ChatScript {
  /** Answers given in order, one per call, before `respond` is asked. */
  answers: string[];
  /** Answers a call when the queue is empty (default: echoes the last user message). */
  respond?: (req: ChatRequest) => string;
  /** Every request received, oldest first; `last` is the newest. */
  requests: ChatRequest[];
  last(): ChatRequest | undefined;
  /** Answers the next `count` calls with this HTTP status and OpenAI's error body (401 invalid key, 500 server error). */
  fail(status: 401 | 500 | 429, count?: number): void;
  /** Speech syntheses received (SSML text and the subscription key). */
  speech: { ssml: string; key: string | undefined }[];
  reset(): void;
}

/**
 * The smallest valid Ogg/Opus stream: an OpusHead and an OpusTags page (a voice note with no samples),
 * enough for players and type sniffers to see audio/ogg.
 */
export function tinyOgg(): Uint8Array {
  const head = Buffer.concat([Buffer.from('OpusHead'), Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0])]);
  const tags = Buffer.concat([Buffer.from('OpusTags'), u32(8), Buffer.from('standin'), u32(0)]);
  return Buffer.concat([oggPage(head, 0x02, 0), oggPage(tags, 0x00, 1)]);
}

function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function oggPage(data: Buffer, flags: number, seq: number) {
  const header = Buffer.alloc(27);
  header.write('OggS', 0);
  header[4] = 0;
  header[5] = flags;
  header.writeUInt32LE(0x5354414e, 14); // serial
  header.writeUInt32LE(seq, 18);
  header[26] = 1;
  const page = Buffer.concat([header, Buffer.from([data.length]), data]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

function oggCrc(buf: Buffer) {
  let crc = 0;
  for (const byte of buf) {
    crc ^= byte << 24;
    for (let i = 0; i < 8; i++) crc = crc & 0x80000000 ? ((crc << 1) ^ 0x04c11db7) >>> 0 : (crc << 1) >>> 0;
  }
  return crc >>> 0;
}

const tokensOf = (text: string) => Math.max(1, Math.ceil(text.split(/\s+/).filter(Boolean).length * 1.3));

const openAiError = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});

export function createOpenAiState(opts: OpenAiStandinOptions, log: (line: string) => void) {
  let text: string | undefined;
  let failNext = false;
  const failures: number[] = [];
  const chat: ChatScript = {
    answers: [],
    requests: [],
    speech: [],
    last: () => chat.requests.at(-1),
    fail(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    reset() {
      chat.answers.length = 0;
      chat.requests.length = 0;
      chat.speech.length = 0;
      chat.respond = undefined;
      failures.length = 0;
    },
  };
  let seq = 0;

  function completions(method: string, authorization: string | undefined, body: unknown, reply: Reply) {
    if (method !== 'POST') {
      reply(405, openAiError(`Invalid method for URL (${method} /v1/chat/completions)`, 'invalid_request_error', null));
      return;
    }
    const key = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    const b = (body && typeof body === 'object' ? body : {}) as Json;
    const messages = Array.isArray(b.messages) ? (b.messages as ChatMessage[]) : null;
    if (!key) {
      reply(401, openAiError("You didn't provide an API key.", 'invalid_request_error', null));
      return;
    }
    if (typeof b.model !== 'string' || !b.model) {
      reply(400, openAiError('you must provide a model parameter', 'invalid_request_error', null, 'model'));
      return;
    }
    if (!messages?.length) {
      reply(400, openAiError("'messages' is a required property", 'invalid_request_error', null, 'messages'));
      return;
    }
    const req: ChatRequest = {
      model: b.model,
      messages: messages.map((m) => ({ role: String(m.role), content: String(m.content) })),
      temperature: typeof b.temperature === 'number' ? b.temperature : undefined,
      max_tokens: typeof b.max_tokens === 'number' ? b.max_tokens : undefined,
      authorization,
    };
    chat.requests.push(req);
    const failure = failures.shift();
    if (failure === 401) {
      reply(
        401,
        openAiError(
          `Incorrect API key provided: ${key.slice(0, 3)}*****${key.slice(-4)}.`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
      return;
    }
    if (failure === 429) {
      reply(429, openAiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'));
      return;
    }
    if (failure) {
      reply(500, openAiError('The server had an error while processing your request. Sorry about that!', 'server_error', null));
      return;
    }
    const lastUser = [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const content = chat.answers.shift() ?? chat.respond?.(req) ?? `Resposta da IA: ${lastUser}`;
    const promptTokens = req.messages.reduce((n, m) => n + tokensOf(m.content) + 4, 0);
    const completionTokens = tokensOf(content);
    log(`chat completion (${req.model}, ${req.messages.length} messages): ${content}`);
    reply(200, {
      id: `chatcmpl-standin${++seq}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: req.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  }

  return {
    chat,
    /** Azure text-to-speech: POST /cognitiveservices/v1 (true when answered). */
    handleSpeech(
      parts: string[],
      method: string,
      key: string | undefined,
      body: unknown,
      reply: Reply,
      bytes: ReplyBytes,
    ): boolean {
      if (parts[0] !== 'cognitiveservices' || parts[1] !== 'v1' || parts.length !== 2) return false;
      if (method !== 'POST') {
        reply(405, { error: { code: 'MethodNotAllowed', message: 'Use POST' } });
        return true;
      }
      if (!key) {
        reply(401, { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } });
        return true;
      }
      const ssml = typeof body === 'string' ? body : '';
      if (!ssml.includes('<speak')) {
        reply(400, { error: { code: 'BadRequest', message: 'SSML body required' } });
        return true;
      }
      chat.speech.push({ ssml, key });
      log(`speech synthesis (${ssml.length} chars of SSML)`);
      bytes(200, tinyOgg(), 'audio/ogg; codecs=opus');
      return true;
    },
    /** True when the path was OpenAI's (answered). */
    handle(parts: string[], method: string, authorization: string | undefined, body: unknown, reply: Reply): boolean {
      if (parts[0] === 'v1' && parts[1] === 'chat' && parts[2] === 'completions' && parts.length === 3) {
        completions(method, authorization, body, reply);
        return true;
      }
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
      if (what === 'chat' && method === 'POST') {
        const b = (body ?? {}) as { answers?: unknown; fail?: unknown; clear?: unknown };
        if (b.clear === true) chat.reset();
        if (Array.isArray(b.answers)) chat.answers.push(...b.answers.map(String));
        if (b.fail === 401 || b.fail === 500 || b.fail === 429) chat.fail(b.fail);
        reply(200, { answers: chat.answers, requests: chat.requests.length, last: chat.last() ?? null });
        return true;
      }
      if (what === 'chat' && method === 'GET') {
        reply(200, { answers: chat.answers, requests: chat.requests, last: chat.last() ?? null, speech: chat.speech.length });
        return true;
      }
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
