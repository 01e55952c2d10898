import {
  BOOLEAN_TEXT_COLUMNS,
  type CompanySettingColumn,
  type CompanySettings,
  REQUIRED_WHILE,
  SCHEDULE_TYPES,
} from '@atendo/shared';
import { Box, FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useCompanySettings, useSaveCompanySetting } from '../../../shared/data/settings/useSettings';
import { toast } from '../../../shared/toast';
import { Loading } from '../../../shared/ui/Loading';

type Column = CompanySettingColumn;
interface Section {
  key: string;
  switches: Column[];
  texts?: Column[];
}

/** Every company column of seed 001 §3, grouped by what it is about. */
export const SECTIONS: Section[] = [
  {
    key: 'attendance',
    switches: [
      'userRating',
      'userRandom',
      'sendGreetingMessageOneQueues',
      'sendSignMessage',
      'sendFarewellWaitingTicket',
      'acceptAudioMessageContact',
      'requiredTag',
      'DirectTicketsToWallets',
      'showNotificationPending',
      'closeTicketOnTransfer',
    ],
  },
  { key: 'calls', switches: ['acceptCallWhatsapp'], texts: ['AcceptCallWhatsappMessage'] },
  { key: 'greetingAccepted', switches: ['sendGreetingAccepted'], texts: ['greetingAcceptedMessage'] },
  { key: 'transfer', switches: ['sendMsgTransfTicket'], texts: ['transferMessage'] },
  { key: 'queuePosition', switches: ['sendQueuePosition'], texts: ['sendQueuePositionMessage'] },
  {
    key: 'lgpd',
    switches: ['enableLGPD', 'lgpdDeleteMessage', 'lgpdHideNumber', 'lgpdConsent'],
    texts: ['lgpdMessage', 'lgpdLink'],
  },
  { key: 'security', switches: ['requireTwoFactor'] },
];

const isOn = (column: Column, value: string) => value === (BOOLEAN_TEXT_COLUMNS.includes(column) ? 'true' : 'enabled');
const onOff = (column: Column, on: boolean) =>
  BOOLEAN_TEXT_COLUMNS.includes(column) ? (on ? 'true' : 'false') : on ? 'enabled' : 'disabled';

/** The text a switch position makes mandatory, if any (seed 001 §5 "Settings text fields"). */
export function requiredText(settings: CompanySettings, column: Column, value: string): Column | null {
  const rule = REQUIRED_WHILE.find((r) => r.switch === column);
  return rule && value === rule.when && !settings[rule.text].trim() ? rule.text : null;
}

export function OptionsTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const settings = useCompanySettings(companyId);
  const save = useSaveCompanySetting(companyId);
  const [drafts, setDrafts] = useState<Partial<Record<Column, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<Column, string>>>({});

  useEffect(() => {
    if (settings.data) setDrafts({});
  }, [settings.data]);

  if (settings.isLoading || !settings.data) return <Loading />;
  const s = settings.data;

  const persist = async (column: Column, data: string) => {
    try {
      await save.mutateAsync({ column, data });
      setErrors((e) => ({ ...e, [column]: undefined }));
      toast.success(t('settings.saved'));
    } catch (err) {
      toastError(err);
    }
  };

  const onSwitch = (column: Column, on: boolean) => {
    const value = onOff(column, on);
    const text = requiredText(s, column, value);
    if (text) {
      setErrors((e) => ({ ...e, [text]: 'validation.requiredWhileEnabled' }));
      toast.warning(t('settings.writeMessageFirst'));
      return;
    }
    void persist(column, value);
  };

  const onTextBlur = (column: Column) => {
    const value = drafts[column];
    if (value === undefined || value === s[column]) return;
    const rule = REQUIRED_WHILE.find((r) => r.text === column);
    if (rule && s[rule.switch] === rule.when && !value.trim()) {
      setErrors((e) => ({ ...e, [column]: 'validation.requiredWhileEnabled' }));
      return;
    }
    void persist(column, value);
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TextField
          select
          label={t('settings.columns.scheduleType')}
          value={s.scheduleType}
          onChange={(e) => void persist('scheduleType', e.target.value)}
          sx={{ minWidth: 260 }}
          helperText={t('settings.scheduleTypeHint')}
        >
          {SCHEDULE_TYPES.map((v) => (
            <MenuItem key={v} value={v}>
              {t(`settings.scheduleTypes.${v}`)}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {SECTIONS.map((section) => (
        <Paper key={section.key} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t(`settings.sections.${section.key}`)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1 }}>
            {section.switches.map((column) => (
              <FormControlLabel
                key={column}
                control={
                  <Switch
                    checked={isOn(column, s[column])}
                    disabled={save.isPending}
                    onChange={(e) => onSwitch(column, e.target.checked)}
                  />
                }
                label={t(`settings.columns.${column}`)}
              />
            ))}
          </Box>
          {section.texts?.map((column) => (
            <TextField
              key={column}
              label={t(`settings.columns.${column}`)}
              fullWidth
              multiline={column !== 'lgpdLink'}
              minRows={column !== 'lgpdLink' ? 2 : undefined}
              sx={{ mt: 2 }}
              value={drafts[column] ?? s[column]}
              onChange={(e) => {
                setDrafts((d) => ({ ...d, [column]: e.target.value }));
                setErrors((er) => ({ ...er, [column]: undefined }));
              }}
              onBlur={() => onTextBlur(column)}
              error={Boolean(errors[column])}
              helperText={errors[column] ? t(errors[column] as string) : t('settings.savedOnBlur')}
            />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
