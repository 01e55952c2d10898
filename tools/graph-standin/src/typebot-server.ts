/**
 * Typebot's public chat API (v1), as a local stand-in for tests:
 *   POST /api/v1/typebots/{publicId}/startChat      { message?, isStreamEnabled?, resultId? }
 *     → 200 { sessionId, resultId, typebot: { id, theme, settings }, messages, input?, clientSideActions? }
 *   POST /api/v1/sessions/{sessionId}/continueChat  { message }
 *     → 200 { messages, input?, clientSideActions? }  |  404 { message: 'Session not found.', code: 'NOT_FOUND' }
 * The conversation is scripted per test by a flow function (one call per startChat / continueChat).
 *
 * It also serves the files its media bubbles point to, as Typebot's storage (S3 / its CDN) does:
 *   GET /media/{name}  → 200 the bytes with their content type  |  404
 * `cardapio.png` (a real 1×1 PNG) is there from the start; `addFile` adds others (any bytes, any declared type).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TypebotBubble =
  | { id: string; type: 'text'; content: { type: 'richText'; richText: unknown[] } }
  | { id: string; type: 'image' | 'video' | 'audio'; content: { url: string } }
  | { id: string; type: 'embed'; content: { url: string; height?: number } };

export interface TypebotTurn {
  messages: TypebotBubble[];
  input?: { id: string; type: string; options?: unknown };
  /** Ends the session: later continueChat calls answer 404 as Typebot does for a finished result. */
  end?: boolean;
}

export interface TypebotTurnRequest {
  slug: string;
  sessionId: string;
  /** 0 for startChat, then 1, 2, … */
  turn: number;
  message: string | undefined;
}

export type TypebotFlow = (req: TypebotTurnRequest) => TypebotTurn;

export interface TypebotCall {
  kind: 'startChat' | 'continueChat';
  slug: string;
  sessionId: string;
  body: Record<string, unknown>;
}

export interface TypebotStandin {
  url: string;
  calls: TypebotCall[];
  setFlow(flow: TypebotFlow): void;
  /** Serves `data` at GET /media/{name} with this content type; answers its URL. */
  addFile(name: string, data: Uint8Array, contentType: string): string;
  /** The URL of a served file (GET /media/{name}). */
  fileUrl(name: string): string;
  /** Names of the files fetched, in order. */
  fetched: string[];
  close(): Promise<void>;
}

/** A real 1×1 PNG: what an image bubble's URL serves by default (`cardapio.png`). */
export const TYPEBOT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let seq = 0;
/** A text bubble as Typebot sends it (rich text: paragraphs of children). */
export const typebotText = (text: string): TypebotBubble => ({
  id: `b${++seq}`,
  type: 'text',
  content: { type: 'richText', richText: text.split('\n').map((line) => ({ type: 'p', children: [{ text: line }] })) },
});
export const typebotMedia = (type: 'image' | 'video' | 'audio', url: string): TypebotBubble => ({
  id: `b${++seq}`,
  type,
  content: { url },
});
export const typebotEmbed = (url: string): TypebotBubble => ({ id: `b${++seq}`, type: 'embed', content: { url, height: 400 } });
export const typebotTextInput = () => ({
  id: `i${++seq}`,
  type: 'text input',
  options: { labels: { placeholder: 'Type your answer...' } },
});

export async function startTypebotStandin(opts: { flow?: TypebotFlow; slugs?: string[] } = {}): Promise<TypebotStandin> {
  let flow: TypebotFlow = opts.flow ?? (() => ({ messages: [typebotText('Olá!')], input: typebotTextInput() }));
  const calls: TypebotCall[] = [];
  const sessions = new Map<string, { slug: string; turn: number; ended: boolean }>();
  const files = new Map<string, { data: Uint8Array; type: string }>([['cardapio.png', { data: TYPEBOT_PNG, type: 'image/png' }]]);
  const fetched: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return send(400, { message: 'Invalid JSON', code: 'BAD_REQUEST' });
      }
      const parts = (req.url ?? '').split('?')[0].split('/').filter(Boolean);
      if (req.method === 'GET' && parts.length === 2 && parts[0] === 'media') {
        const name = decodeURIComponent(parts[1]);
        const file = files.get(name);
        fetched.push(name);
        if (!file) return send(404, { message: 'Not found', code: 'NOT_FOUND' });
        res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.data.byteLength) });
        return res.end(file.data);
      }
      const message = typeof body.message === 'string' ? body.message : undefined;
      if (req.method === 'POST' && parts.length === 5 && parts[2] === 'typebots' && parts[4] === 'startChat') {
        const slug = decodeURIComponent(parts[3]);
        if (opts.slugs && !opts.slugs.includes(slug)) return send(404, { message: "Typebot doesn't exist", code: 'NOT_FOUND' });
        const sessionId = randomUUID();
        calls.push({ kind: 'startChat', slug, sessionId, body });
        const turn = flow({ slug, sessionId, turn: 0, message });
        sessions.set(sessionId, { slug, turn: 0, ended: Boolean(turn.end) });
        return send(200, {
          sessionId,
          resultId: typeof body.resultId === 'string' ? body.resultId : randomUUID(),
          typebot: { id: `tb-${slug}`, theme: {}, settings: {} },
          messages: turn.messages,
          ...(turn.input ? { input: turn.input } : {}),
        });
      }
      if (req.method === 'POST' && parts.length === 5 && parts[2] === 'sessions' && parts[4] === 'continueChat') {
        const sessionId = decodeURIComponent(parts[3]);
        const s = sessions.get(sessionId);
        calls.push({ kind: 'continueChat', slug: s?.slug ?? '', sessionId, body });
        if (!s || s.ended) return send(404, { message: 'Session not found.', code: 'NOT_FOUND' });
        if (message === undefined) return send(400, { message: 'message is required', code: 'BAD_REQUEST' });
        s.turn += 1;
        const turn = flow({ slug: s.slug, sessionId, turn: s.turn, message });
        if (turn.end) s.ended = true;
        return send(200, { messages: turn.messages, ...(turn.input ? { input: turn.input } : {}) });
      }
      send(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const fileUrl = (name: string) => `${url}/media/${encodeURIComponent(name)}`;
  return {
    url,
    calls,
    fetched,
    setFlow(f) {
      flow = f;
    },
    addFile(name, data, contentType) {
      files.set(name, { data, type: contentType });
      return fileUrl(name);
    },
    fileUrl,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
