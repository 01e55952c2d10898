import type { CloudTemplatesPort } from '../types';
import { GraphClient } from './graph-client';

/** The Cloud API side of message templates: lists a WhatsApp Business Account's templates from the Graph API. */
export function cloudTemplatesFromConfig(
  config: { graphApiUrl: string; graphApiVersion: string },
  fetchImpl?: typeof fetch,
): CloudTemplatesPort {
  return {
    async list({ businessAccountId, accessToken }) {
      const client = new GraphClient({
        baseUrl: config.graphApiUrl,
        version: config.graphApiVersion,
        accessToken,
        phoneNumberId: '',
        fetch: fetchImpl,
      });
      return (await client.listTemplates(businessAccountId)).map((t) => ({
        externalId: t.id,
        name: t.name,
        language: t.language,
        category: t.category,
        status: t.status,
        ...(t.rejected_reason && t.rejected_reason !== 'NONE' ? { rejectedReason: t.rejected_reason } : {}),
        components: t.components ?? [],
      }));
    },
  };
}
