import { DOWNLOAD_LIMIT_OPTIONS_MB } from '@atendo/shared';
import { FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useGlobalSettings, useSaveGlobalSetting } from '../../../shared/data/settings/useSettings';
import { toast } from '../../../shared/toast';
import { Loading } from '../../../shared/ui/Loading';
import { RecoveryStatusAlert } from './RecoveryStatusAlert';

/** Platform keys only the super admin changes, under whether password recovery can work (issue 30 item 10): user creation, sign-up (the login page's link), the download limit (seed 001 §6) and the Typebot builder URL (/typebot). */
export function GlobalTab() {
  const { t } = useTranslation();
  const list = useGlobalSettings(true);
  const save = useSaveGlobalSetting();
  if (list.isLoading || !list.data) return <Loading />;
  const value = (key: string) => list.data.find((s) => s.key === key)?.value ?? '';
  const persist = async (key: string, v: string) => {
    try {
      await save.mutateAsync({ key, value: v });
      toast.success(t('settings.saved'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Stack spacing={2}>
      <RecoveryStatusAlert />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('settings.sections.platform')}
        </Typography>
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch
                checked={value('userCreation') !== 'disabled'}
                onChange={(e) => void persist('userCreation', e.target.checked ? 'enabled' : 'disabled')}
              />
            }
            label={t('settings.userCreation')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={value('allowSignup') !== 'disabled'}
                onChange={(e) => void persist('allowSignup', e.target.checked ? 'enabled' : 'disabled')}
              />
            }
            label={t('settings.allowSignup')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={value('requireTwoFactorAdmins') === 'enabled'}
                onChange={(e) => void persist('requireTwoFactorAdmins', e.target.checked ? 'enabled' : 'disabled')}
              />
            }
            label={t('settings.requireTwoFactorAdmins')}
          />
          <TextField
            select
            label={t('settings.downloadLimit')}
            value={value('downloadLimit') || '64'}
            onChange={(e) => void persist('downloadLimit', e.target.value)}
            sx={{ maxWidth: 260 }}
          >
            {DOWNLOAD_LIMIT_OPTIONS_MB.map((mb) => (
              <MenuItem key={mb} value={String(mb)}>
                {mb} MB
              </MenuItem>
            ))}
          </TextField>
          <TextField
            key={value('typebotUrl')}
            label={t('settings.typebotUrl')}
            defaultValue={value('typebotUrl')}
            placeholder="https://"
            onBlur={(e) => {
              if (e.target.value.trim() !== value('typebotUrl')) void persist('typebotUrl', e.target.value.trim());
            }}
            sx={{ maxWidth: 480 }}
          />
          <TextField
            key={`audit-${value('auditRetentionDays')}`}
            type="number"
            label={t('settings.auditRetentionDays')}
            defaultValue={value('auditRetentionDays') || '365'}
            slotProps={{ htmlInput: { min: 1, max: 3650 } }}
            onBlur={(e) => {
              if (e.target.value.trim() !== value('auditRetentionDays'))
                void persist('auditRetentionDays', e.target.value.trim());
            }}
            sx={{ maxWidth: 260 }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
