import { WEBHOOK_EVENT_DATA, WEBHOOK_SIGNATURE_HEADER, webhookEnvelopeSchema } from '@atendo/shared';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

/** A zod schema as the OpenAPI 3.1 document shows a response (dates are ISO strings on the wire). */
function outputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * The outgoing webhook deliveries (issue 32; docs/api.md "Webhooks"): one OpenAPI 3.1 `webhooks` entry per event
 * type, its request body the signed envelope with that type's `data`.
 */
function webhookDescriptions() {
  return Object.fromEntries(
    (Object.keys(WEBHOOK_EVENT_DATA) as (keyof typeof WEBHOOK_EVENT_DATA)[]).map((type) => [
      type,
      {
        post: {
          tags: ['webhooks'],
          summary: `The \`${type}\` event, POSTed to each endpoint that chose it`,
          description: `Signed in the \`${WEBHOOK_SIGNATURE_HEADER}\` header: \`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>\`. Answer 2xx within the timeout; anything else is retried with back-off, the same \`id\` each time.`,
          parameters: [{ name: WEBHOOK_SIGNATURE_HEADER, in: 'header', required: true, schema: { type: 'string' } }],
          security: [],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: outputJsonSchema(webhookEnvelopeSchema(type)) } },
          },
          responses: { '2XX': { description: 'Received; any other answer is retried.' } },
        },
      },
    ]),
  );
}

/** The document's fixed part (@fastify/swagger adds the routes): OpenAPI 3.1, bearer tokens, the webhook deliveries. */
export function openapiBase(version: string, description: string): Partial<OpenAPIV3_1.Document> {
  return {
    openapi: '3.1.0',
    info: { title: 'Atendo API', version, description },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    // JSON Schema 2020-12 is OpenAPI 3.1's schema dialect; openapi-types' 3.1 path items still carry 3.0 schemas.
    webhooks: webhookDescriptions() as OpenAPIV3_1.Document['webhooks'],
  };
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The success answer of a route that sends a spreadsheet (an export, a sample), as the document shows it. */
export const xlsxAnswer = {
  // A Buffer or a stream, sent as it is (Fastify serializes neither).
  200: { description: 'The spreadsheet (.xlsx)', content: { [XLSX_MIME]: { schema: z.any().describe('The .xlsx file') } } },
};

const plainText = (description: string) => ({ description, content: { 'text/plain': { schema: z.string() } } });
/** Meta's webhook handshake (GET with hub.mode, hub.verify_token, hub.challenge): the challenge echoed as text. */
export const hubChallengeAnswer = { 200: plainText('The `hub.challenge` echoed back; a wrong verify token answers 403') };
/** A Meta webhook notification, signed in X-Hub-Signature-256: EVENT_RECEIVED once its events are stored. */
export const eventReceivedAnswer = { 200: plainText('`EVENT_RECEIVED`, once the notification is stored') };
const fileContent = { 'application/octet-stream': { schema: z.any().describe('The file') } };
/** A stored file, sent as it is with its own type; a `Range` request answers the part asked for. */
export const fileAnswer = {
  200: { description: 'The file, with its own type', content: fileContent },
  206: { description: 'The byte range asked for (`Range: bytes=…`)', content: fileContent },
};
