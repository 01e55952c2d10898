import { targetKeys } from '../../../shared/hooks/useTargetOptions';

/** Every query key of the queue-integrations domain. */
export const queueIntegrationKeys = {
  all: ['queueIntegration'] as const,
  /** The /queue-integration page (GET /queueIntegration?pageNumber, searched, infinite). */
  page: ['queueIntegration', 'page'] as const,
  /** The pickers of queues, connections and chatbot steps (GET /queueIntegration, whole list). */
  options: targetKeys.integrations,
};
