import { createSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialogflowStandin, startDialogflowStandin } from './dialogflow-server';

let df: DialogflowStandin;
beforeAll(async () => {
  df = await startDialogflowStandin({
    intents: [
      { match: 'horário', displayName: 'Horário', texts: ['Abrimos às 8h.'] },
      { match: 'atendente', displayName: 'Humano', texts: ['Já chamo.'], endInteraction: true },
    ],
  });
});
afterAll(async () => df?.close());

function assertion(creds: { client_email: string; private_key: string }, exp = Math.floor(Date.now() / 1000) + 600) {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc({ iss: creds.client_email, scope: 'https://www.googleapis.com/auth/dialogflow', aud: df.tokenUrl, exp, iat: exp - 600 })}`;
  return `${head}.${createSign('RSA-SHA256').update(head).sign(creds.private_key).toString('base64url')}`;
}

async function token(jwt: string) {
  return fetch(df.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jwt }).toString(),
  });
}

describe('dialogflow stand-in', () => {
  it('exchanges a signed JWT for a token and answers detectIntent with scripted intents', async () => {
    const creds = JSON.parse(df.credentials);
    expect((await token(`${assertion(creds)}x`)).status).toBe(400);
    const t = (await (await token(assertion(creds))).json()) as { access_token: string };
    const detect = (text: string, auth = `Bearer ${t.access_token}`) =>
      fetch(`${df.url}/v2/projects/${df.project}/agent/sessions/s1:detectIntent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: auth },
        body: JSON.stringify({ queryInput: { text: { text, languageCode: 'pt-BR' } } }),
      });
    expect((await detect('oi', 'Bearer nope')).status).toBe(401);
    const hit = (await (await detect('qual o horário?')).json()) as {
      queryResult: { fulfillmentText: string; intent: { displayName: string } };
    };
    expect(hit.queryResult.fulfillmentText).toBe('Abrimos às 8h.');
    expect(hit.queryResult.intent.displayName).toBe('Horário');
    const end = (await (await detect('quero um atendente')).json()) as { queryResult: { intent: { endInteraction?: boolean } } };
    expect(end.queryResult.intent.endInteraction).toBe(true);
    const miss = (await (await detect('xyz')).json()) as { queryResult: { intent: { displayName: string } } };
    expect(miss.queryResult.intent.displayName).toBe('Default Fallback Intent');
    expect(df.calls.map((c) => c.text)).toEqual(['qual o horário?', 'quero um atendente', 'xyz']);
  });
});
