import {
  type CampaignSettingsDto,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { Loading } from '../../../shared/ui/Loading';
import { Page, PageHeader } from '../../../shared/ui/Page';
import { TimeOfDayField } from '../../../shared/ui/TimeOfDayField';
import { useCampaignSettings, useSaveCampaignSettings } from '../hooks/useCampaigns';

/** /campaigns-config (seed 002 §2.4, §9): the company's sending rules and its own message variables. */
export default function CampaignsConfigPage() {
  const { t } = useTranslation();
  const settings = useCampaignSettings();
  const save = useSaveCampaignSettings();
  const [form, setForm] = useState<CampaignSettingsDto | null>(null);
  const [variable, setVariable] = useState({ key: '', value: '' });

  useEffect(() => {
    if (settings.data) setForm(settings.data);
  }, [settings.data]);
  if (!form) return <Loading />;

  const set = <K extends keyof CampaignSettingsDto>(k: K, v: CampaignSettingsDto[K]) => setForm({ ...form, [k]: v });
  const numberSelect = (
    k: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval',
    options: readonly number[],
    unit: string,
  ) => (
    <TextField
      select
      fullWidth
      size="small"
      label={t(`campaignsConfig.${k}`)}
      value={form[k]}
      onChange={(e) => set(k, Number(e.target.value))}
    >
      {(options.includes(form[k]) ? options : [...options, form[k]]).map((o) => (
        <MenuItem key={o} value={o}>
          {o === 0 ? t('campaignsConfig.none') : t(unit, { count: o })}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Page testId="campaigns-config">
      <PageHeader title={t('campaignsConfig.title')} />
      <Card>
        <CardContent>
          <Typography variant="subtitle1" sx={{ mb: 2 }}>
            {t('campaignsConfig.intervals')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              {numberSelect('messageInterval', MESSAGE_INTERVAL_OPTIONS, 'campaignsConfig.seconds')}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {numberSelect('longerIntervalAfter', LONGER_INTERVAL_AFTER_OPTIONS, 'campaignsConfig.messages')}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {numberSelect('greaterInterval', GREATER_INTERVAL_OPTIONS, 'campaignsConfig.seconds')}
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TimeOfDayField
                fullWidth
                size="small"
                label={t('campaignsConfig.startHour')}
                value={form.startHour}
                onChange={(v) => set('startHour', v)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TimeOfDayField
                fullWidth
                size="small"
                label={t('campaignsConfig.endHour')}
                value={form.endHour}
                onChange={(v) => set('endHour', v)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <FormControlLabel
                control={<Switch checked={form.sabado} onChange={(_, c) => set('sabado', c)} />}
                label={t('campaignsConfig.sabado')}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <FormControlLabel
                control={<Switch checked={form.domingo} onChange={(_, c) => set('domingo', c)} />}
                label={t('campaignsConfig.domingo')}
              />
            </Grid>
          </Grid>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('campaignsConfig.timezoneHelp')}
          </Typography>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="subtitle1">{t('campaignsConfig.variables')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('campaignsConfig.variablesHelp')}
          </Typography>
          <Stack spacing={1}>
            {form.variables.map((v) => (
              <Stack key={v.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ minWidth: 160, fontFamily: 'monospace' }}>{`{${v.key}}`}</Typography>
                <Typography sx={{ flex: 1 }}>{v.value}</Typography>
                <IconButton
                  aria-label={t('campaignsConfig.removeVariable')}
                  onClick={() =>
                    set(
                      'variables',
                      form.variables.filter((x) => x.key !== v.key),
                    )
                  }
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Stack>
            ))}
            <Stack direction="row" spacing={1}>
              <TextField
                size="small"
                label={t('campaignsConfig.variableKey')}
                value={variable.key}
                onChange={(e) => setVariable({ ...variable, key: e.target.value.replace(/[^\w.-]/g, '') })}
              />
              <TextField
                size="small"
                sx={{ flex: 1 }}
                label={t('campaignsConfig.variableValue')}
                value={variable.value}
                onChange={(e) => setVariable({ ...variable, value: e.target.value })}
              />
              <Button
                startIcon={<AddIcon />}
                disabled={!variable.key}
                onClick={() => {
                  set('variables', [...form.variables.filter((x) => x.key !== variable.key), variable]);
                  setVariable({ key: '', value: '' });
                }}
              >
                {t('campaignsConfig.addVariable')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync(form);
              toast.success(t('campaignsConfig.saved'));
            } catch (err) {
              toastError(err);
            }
          }}
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Page>
  );
}
