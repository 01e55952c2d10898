import { DEFAULT_APP_NAME, PUBLIC_SETTING_KEYS, type PublicSettingDto, type PublicSettingKey } from '@atendo/shared';
import { useQueries } from '@tanstack/react-query';
import { api } from '../api/client';
import { appKeys } from './keys';

export type PublicSettings = Partial<Record<PublicSettingKey, string>>;

async function fetchPublicSetting(key: PublicSettingKey): Promise<string | null> {
  try {
    // the bare value (a JSON string or null), as the seeds' client reads it
    const data = await api.get<PublicSettingDto>(`/public-settings/${key}`, { anonymous: true });
    return typeof data === 'string' ? data : null;
  } catch {
    // a missing or unreachable setting falls back to the built-in default
    return null;
  }
}

/** The public settings (GET /public-settings/:key, no session), read once per page load. */
export function usePublicSettings(): { settings: PublicSettings; isLoading: boolean } {
  return useQueries({
    queries: PUBLIC_SETTING_KEYS.map((key) => ({
      queryKey: appKeys.publicSetting(key),
      queryFn: () => fetchPublicSetting(key),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    })),
    combine: (results) => {
      const settings: PublicSettings = {};
      PUBLIC_SETTING_KEYS.forEach((key, i) => {
        const value = results[i]?.data;
        if (typeof value === 'string' && value !== '') settings[key] = value;
      });
      return { settings, isLoading: results.some((r) => r.isLoading) };
    },
  });
}

export function useAppName(): string {
  const { settings } = usePublicSettings();
  return settings.appName?.trim() || DEFAULT_APP_NAME;
}
