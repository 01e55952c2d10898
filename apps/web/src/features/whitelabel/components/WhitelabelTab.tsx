import {
  DEFAULT_APP_NAME,
  WHITELABEL_IMAGE_ACCEPT,
  WHITELABEL_LOGO_KEY,
  WHITELABEL_LOGO_MODES,
  type WhitelabelLogoMode,
} from '@atendo/shared';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { usePublicSettings } from '../../../shared/hooks/usePublicSettings';
import { toast } from '../../../shared/toast';
import { Loading } from '../../../shared/ui/Loading';
import { SuperOnlyTab } from '../../../shared/ui/SuperOnlyTab';
import { useSaveBrandSetting, useUploadLogo } from '../hooks/useWhitelabel';

const HEX = /^#[0-9a-fA-F]{6}$/;
const FALLBACK_COLOR = '#065183';

function ColorField({ label, settingKey, value }: { label: string; settingKey: string; value: string }) {
  const { t } = useTranslation();
  const save = useSaveBrandSetting();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const valid = HEX.test(draft);
  const persist = async () => {
    if (!valid || draft === value) return;
    try {
      await save.mutateAsync({ key: settingKey, value: draft });
      toast.success(t('whitelabel.saved'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        component="input"
        type="color"
        aria-label={label}
        value={valid ? draft : FALLBACK_COLOR}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void persist()}
        sx={{ width: 48, height: 40, border: 0, p: 0, bgcolor: 'transparent', cursor: 'pointer' }}
      />
      <TextField
        label={label}
        value={draft}
        size="small"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void persist()}
        error={!valid}
        helperText={valid ? ' ' : t('whitelabel.invalidColor')}
        sx={{ width: 180 }}
      />
    </Stack>
  );
}

/**
 * Each logo is previewed on the background it is made for, in fixed colours whatever the app's mode: the dark tile's
 * "Sem imagem" was the page's own text colour (Typography's color prop takes no grey.400), black on near black.
 */
export const LOGO_TILE = {
  Dark: { background: '#212121', text: '#e0e0e0' },
  Light: { background: '#f5f5f5', text: 'rgba(0, 0, 0, 0.6)' },
  Favicon: { background: '#f5f5f5', text: 'rgba(0, 0, 0, 0.6)' },
} as const satisfies Record<WhitelabelLogoMode, { background: string; text: string }>;

function LogoField({ mode, url }: { mode: WhitelabelLogoMode; url?: string }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  return (
    <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', sm: 220 } }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t(`whitelabel.logo.${mode}`)}
      </Typography>
      <Box
        sx={{
          height: 80,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: LOGO_TILE[mode].background,
          borderRadius: 1,
          mb: 1,
        }}
        data-testid={`logo-tile-${mode}`}
      >
        {url ? (
          <Box component="img" src={url} alt={t(`whitelabel.logo.${mode}`)} sx={{ maxHeight: 64, maxWidth: '90%' }} />
        ) : (
          <Typography variant="caption" sx={{ color: LOGO_TILE[mode].text }}>
            {t('whitelabel.noLogo')}
          </Typography>
        )}
      </Box>
      <Button component="label" size="small" startIcon={<UploadIcon />} disabled={upload.isPending}>
        {t('whitelabel.upload')}
        <input
          hidden
          type="file"
          accept={WHITELABEL_IMAGE_ACCEPT}
          data-testid={`whitelabel-${mode}`}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            try {
              await upload.mutateAsync({ mode, file });
              toast.success(t('whitelabel.logoSaved'));
            } catch (err) {
              toastError(err);
            }
          }}
        />
      </Button>
    </Paper>
  );
}

/** Settings tab "whitelabel" (seed 001 §2, §7; seed 002 §9 Theming): colours, app name, logos and favicon. */
export function WhitelabelTab() {
  const { t } = useTranslation();
  const { settings, isLoading } = usePublicSettings();
  const saveName = useSaveBrandSetting();
  const [name, setName] = useState('');
  useEffect(() => setName(settings.appName ?? ''), [settings.appName]);
  if (isLoading) return <Loading />;
  const saveAppName = async () => {
    if (name.trim() === (settings.appName ?? '')) return;
    try {
      await saveName.mutateAsync({ key: 'appName', value: name.trim() });
      toast.success(t('whitelabel.saved'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <SuperOnlyTab>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
            {t('whitelabel.colors')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
            <ColorField
              label={t('whitelabel.primaryLight')}
              settingKey="primaryColorLight"
              value={settings.primaryColorLight ?? '#0000FF'}
            />
            <ColorField
              label={t('whitelabel.primaryDark')}
              settingKey="primaryColorDark"
              value={settings.primaryColorDark ?? '#39ACE7'}
            />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
            {t('whitelabel.appName')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('whitelabel.appName')}
              placeholder={DEFAULT_APP_NAME}
              value={name}
              size="small"
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 50 } }}
              helperText={t('whitelabel.appNameHelp', { name: DEFAULT_APP_NAME })}
              sx={{ maxWidth: 360, flex: 1 }}
            />
            <Button variant="contained" onClick={() => void saveAppName()} disabled={saveName.isPending}>
              {t('common.save')}
            </Button>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
            {t('whitelabel.logos')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {WHITELABEL_LOGO_MODES.map((mode) => (
              <LogoField key={mode} mode={mode} url={settings[WHITELABEL_LOGO_KEY[mode]]} />
            ))}
          </Stack>
        </Paper>
      </Stack>
    </SuperOnlyTab>
  );
}
