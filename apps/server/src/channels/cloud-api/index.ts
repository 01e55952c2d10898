export { CloudApiAdapter, type CloudApiAdapterOptions, type CloudApiConnection, toGraphPayload } from './adapter';
export {
  DEFAULT_GRAPH_API_URL,
  DEFAULT_GRAPH_API_VERSION,
  GraphClient,
  type GraphClientOptions,
  type GraphMediaInfo,
  type GraphSendPayload,
  type GraphSendResponse,
} from './graph-client';
export { GraphApiError, isRetryableGraphFailure } from './graph-errors';
export { type CloudChangeRef, describeCloudError, listChanges, mapChange, mapMessage, mapStatus, mapWebhook } from './map';
export { type HubVerification, signPayload, verifyHubChallenge, verifySignature } from './signature';
export { cloudTemplatesFromConfig } from './templates';
export type * from './webhook-types';
