import { createSign, randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { outboundFetch } from '../../platform/safe-fetch';

/** What a Dialogflow ES detectIntent answered that the runtime uses. */
export interface DialogflowAnswer {
  texts: string[];
  intent: string;
  /** The intent ends the conversation (end_interaction / endInteraction): the ticket goes to an attendant. */
  endInteraction: boolean;
}

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/** A Google OAuth access token from service-account credentials: an RS256-signed JWT exchanged at the token URL. */
async function accessToken(config: Config, creds: ServiceAccount): Promise<string> {
  const tokenUrl = config.googleTokenUrl ?? creds.token_uri ?? 'https://oauth2.googleapis.com/token';
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({
      iss: creds.client_email,
      scope: 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow',
      aud: tokenUrl,
      iat: now,
      exp: now + 3600,
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(creds.private_key);
  const assertion = `${header}.${claims}.${b64url(signature)}`;
  const res = await outboundFetch(config)(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  if (res.status !== 200) throw new Error(`token endpoint answered ${res.status}`);
  const token = res.json<{ access_token?: string }>().access_token;
  if (!token) throw new Error('token endpoint gave no access_token');
  return token;
}

export function parseServiceAccount(json: string): ServiceAccount {
  const creds = JSON.parse(json) as Partial<ServiceAccount>;
  if (typeof creds.client_email !== 'string' || typeof creds.private_key !== 'string') throw new Error('invalid credentials');
  return creds as ServiceAccount;
}

/** POST {base}/v2/projects/{project}/agent/sessions/{session}:detectIntent with the text in the integration's language. */
export async function detectIntent(
  config: Config,
  i: { projectName: string; jsonContent: string; language: string },
  sessionId: string,
  text: string,
): Promise<DialogflowAnswer> {
  const token = await accessToken(config, parseServiceAccount(i.jsonContent));
  const url = `${config.dialogflowApiUrl}/v2/projects/${encodeURIComponent(i.projectName)}/agent/sessions/${encodeURIComponent(sessionId || randomUUID())}:detectIntent`;
  const res = await outboundFetch(config)(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ queryInput: { text: { text: text.slice(0, 256), languageCode: i.language } } }),
  });
  if (res.status !== 200) throw new Error(`detectIntent answered ${res.status}`);
  const r = res.json<{
    queryResult?: {
      fulfillmentText?: string;
      fulfillmentMessages?: { text?: { text?: string[] } }[];
      intent?: { displayName?: string; endInteraction?: boolean; end_interaction?: boolean };
      diagnosticInfo?: { end_conversation?: boolean };
    };
  }>().queryResult;
  const fromMessages = (r?.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim());
  const texts = fromMessages.length ? fromMessages : r?.fulfillmentText ? [r.fulfillmentText] : [];
  return {
    texts,
    intent: r?.intent?.displayName ?? '',
    endInteraction: Boolean(r?.intent?.endInteraction || r?.intent?.end_interaction || r?.diagnosticInfo?.end_conversation),
  };
}
