/**
 * Google's OAuth token endpoint and Dialogflow ES detectIntent, as a local stand-in for tests:
 *   POST /token  (form) grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer & assertion=<RS256 JWT>
 *     → 200 { access_token, expires_in, token_type: 'Bearer' }  |  400 { error: 'invalid_grant', error_description }
 *   POST /v2/projects/{project}/agent/sessions/{session}:detectIntent   Authorization: Bearer <token>
 *     { queryInput: { text: { text, languageCode } } }
 *     → 200 { responseId, queryResult: { queryText, languageCode, fulfillmentText, fulfillmentMessages, intent, ... } }
 *     | 401 UNAUTHENTICATED | 404 NOT_FOUND (unknown project)
 * The JWT is verified with the service account's public key; intents are scripted per test.
 */
import { createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DialogflowIntent {
  /** Matches the customer's text (a RegExp, or a substring without case). */
  match: RegExp | string;
  displayName: string;
  texts: string[];
  endInteraction?: boolean;
}

export interface DetectIntentCall {
  project: string;
  session: string;
  text: string;
  languageCode: string;
}

export interface DialogflowStandin {
  url: string;
  tokenUrl: string;
  project: string;
  /** Service-account JSON credentials (client_email, private_key, token_uri) whose key the stand-in trusts. */
  credentials: string;
  calls: DetectIntentCall[];
  setIntents(intents: DialogflowIntent[]): void;
  close(): Promise<void>;
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export async function startDialogflowStandin(
  opts: { project?: string; intents?: DialogflowIntent[] } = {},
): Promise<DialogflowStandin> {
  const project = opts.project ?? 'atendo-test';
  let intents = opts.intents ?? [];
  const calls: DetectIntentCall[] = [];
  const tokens = new Set<string>();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `bot@${project}.iam.gserviceaccount.com`;

  function verifyJwt(assertion: string): string | null {
    const [h, c, s] = assertion.split('.');
    if (!h || !c || !s) return 'malformed assertion';
    const ok = createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s, 'base64url'));
    if (!ok) return 'Invalid JWT Signature.';
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as { iss?: string; exp?: number; scope?: string };
    if (claims.iss !== clientEmail) return 'Invalid issuer';
    if (!claims.exp || claims.exp * 1000 < Date.now()) return 'Invalid JWT: Token must be a short-lived token';
    if (!claims.scope) return 'Invalid OAuth scope or ID token audience provided.';
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const send = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(raw);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
          return send(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
        }
        const problem = verifyJwt(form.get('assertion') ?? '');
        if (problem) return send(400, { error: 'invalid_grant', error_description: problem });
        const token = `ya29.${randomUUID()}`;
        tokens.add(token);
        return send(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
      if (req.method === 'POST' && m) {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
          return send(401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
        }
        const p = decodeURIComponent(m[1]);
        if (p !== project)
          return send(
            404,
            googleError(
              404,
              'NOT_FOUND',
              `com.google.apps.framework.request.NotFoundException: No DesignTimeAgent found for project '${p}'.`,
            ),
          );
        let body: { queryInput?: { text?: { text?: string; languageCode?: string } } } = {};
        try {
          body = JSON.parse(raw);
        } catch {
          return send(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
        }
        const text = body.queryInput?.text?.text ?? '';
        const languageCode = body.queryInput?.text?.languageCode ?? '';
        if (!text || !languageCode) return send(400, googleError(400, 'INVALID_ARGUMENT', 'Input text not set.'));
        calls.push({ project: p, session: decodeURIComponent(m[2]), text, languageCode });
        const hit = intents.find((i) =>
          typeof i.match === 'string' ? text.toLowerCase().includes(i.match.toLowerCase()) : i.match.test(text),
        );
        const intent = hit ?? {
          displayName: 'Default Fallback Intent',
          texts: ['Desculpe, não entendi.'],
          endInteraction: false,
        };
        return send(200, {
          responseId: randomUUID(),
          queryResult: {
            queryText: text,
            languageCode,
            action: hit ? '' : 'input.unknown',
            parameters: {},
            allRequiredParamsPresent: true,
            fulfillmentText: intent.texts[0] ?? '',
            fulfillmentMessages: [{ text: { text: intent.texts } }],
            intent: {
              name: `projects/${p}/agent/intents/${randomUUID()}`,
              displayName: intent.displayName,
              ...(intent.endInteraction ? { endInteraction: true } : {}),
              ...(hit ? {} : { isFallback: true }),
            },
            intentDetectionConfidence: hit ? 1 : 0,
            ...(intent.endInteraction ? { diagnosticInfo: { end_conversation: true } } : {}),
          },
        });
      }
      send(404, googleError(404, 'NOT_FOUND', 'Not found'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    tokenUrl: `${url}/token`,
    project,
    credentials: JSON.stringify({
      type: 'service_account',
      project_id: project,
      client_email: clientEmail,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${url}/token`,
    }),
    calls,
    setIntents(next) {
      intents = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
