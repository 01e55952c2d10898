import { targetKeys } from '../../../shared/hooks/useTargetOptions';

/** Every query key of the prompts domain (the pickers' list is the shared targetKeys.prompts, under 'prompts'). */
export const promptKeys = {
  all: ['prompts'] as const,
  list: (searchParam: string) => ['prompts', 'list', searchParam] as const,
  lists: ['prompts', 'list'] as const,
  detail: (id: number) => ['prompts', 'detail', id] as const,
  usage: ['prompts', 'usage'] as const,
  options: targetKeys.prompts,
};
