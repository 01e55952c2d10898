export const WEB_INPUTS: string[];
export const BUILD_ENV_FILE: string;
export function buildEnv(env: Record<string, string | undefined>): Record<string, string>;
export function webBuildReason(
  root: string,
  env?: Record<string, string | undefined>,
): { reason: 'missing' } | { reason: 'stale'; file: string } | { reason: 'env'; variable: string } | null;
