import { targetKeys } from '../../../shared/hooks/useTargetOptions';

/** Every query key of the file-lists domain. */
export const fileListKeys = {
  all: ['files'] as const,
  /** The /files page (GET /files?pageNumber, searched, infinite). */
  page: ['files', 'page'] as const,
  /** The pickers of queues and chatbot steps (GET /files, whole list). */
  options: targetKeys.files,
};
