import { PLATFORM_KEY_GROUPS } from '@atendo/shared';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { Loading } from '../../../shared/ui/Loading';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { SuperOnlyTab } from '../../../shared/ui/SuperOnlyTab';
import { usePlatformKeyValues, useSavePlatformKeys } from '../hooks/usePlatformKeys';

type Group = (typeof PLATFORM_KEY_GROUPS)[number];

/** One provider: its keys typed fresh (the saved ones are only ever shown masked), saved together. */
function ProviderKeys({ group, current }: { group: Group; current: (key: string) => string }) {
  const { t } = useTranslation();
  const save = useSavePlatformKeys();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const changes = Object.entries(drafts)
    .filter(([, v]) => v.trim() !== '')
    .map(([key, value]) => ({ key, value: value.trim() }));
  const submit = async () => {
    try {
      await save.mutateAsync(changes);
      setDrafts({});
      toast.success(t('platformKeys.saved'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
        {t(`platformKeys.providers.${group.provider}`)}
      </Typography>
      <Stack spacing={2}>
        {group.keys.map((key) => {
          const masked = current(key);
          return (
            <PasswordField
              key={key}
              label={t(`platformKeys.keys.${key}`)}
              autoComplete="off"
              value={drafts[key] ?? ''}
              onChange={(e) => setDrafts((d) => ({ ...d, [key]: e.target.value }))}
              helperText={masked ? t('platformKeys.current', { value: masked }) : t('platformKeys.notSet')}
              sx={{ maxWidth: 480 }}
            />
          );
        })}
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={changes.length === 0 || save.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Settings tab of the platform keys (seed 001 §6): payment providers and OpenAI audio, masked like every secret. */
export function PlatformKeysTab() {
  const { t } = useTranslation();
  const list = usePlatformKeyValues();
  if (list.isLoading || !list.data) return <Loading />;
  const current = (key: string) => list.data.find((s) => s.key === key)?.value ?? '';
  return (
    <SuperOnlyTab>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('platformKeys.help')}
        </Typography>
        {PLATFORM_KEY_GROUPS.map((group) => (
          <ProviderKeys key={group.provider} group={group} current={current} />
        ))}
      </Stack>
    </SuperOnlyTab>
  );
}
