/** Every query key of the webhooks domain: one factory. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: number, page: number) => ['webhooks', 'deliveries', endpointId, page] as const,
  deliveriesOf: (endpointId: number) => ['webhooks', 'deliveries', endpointId] as const,
  secret: (endpointId: number) => ['webhooks', 'secret', endpointId] as const,
};
