import { CAMPAIGN_LIST_COLUMNS, type CampaignTemplate, type MessageTemplateDto, missingTemplateVariables } from '@atendo/shared';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplatePicker } from '../../tickets/components/TemplatePicker';
import { useMessageTemplates } from '../../tickets/hooks/useTemplates';

/**
 * A campaign variant's Cloud API template (issue 36): the conversation's template picker, with the contact list's
 * columns offered as values ({nome}, {numero}, {email}, filled per recipient when the campaign sends).
 */
export function CampaignTemplateField(props: {
  variant: number;
  whatsappId: number;
  value: CampaignTemplate | null;
  onChange: (value: CampaignTemplate | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const list = useMessageTemplates(props.whatsappId);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<MessageTemplateDto | null>(null);
  const [values, setValues] = useState<CampaignTemplate['parameters']>({});
  const missing = picked ? missingTemplateVariables(picked, values) : [];

  const openPicker = () => {
    const current = props.value;
    setPicked((current && list.data?.templates.find((x) => x.name === current.name && x.language === current.language)) ?? null);
    setValues(current?.parameters ?? {});
    setOpen(true);
  };

  return (
    <Box data-testid={`campaign-template-${props.variant}`}>
      <Typography variant="subtitle2">{t('campaigns.template.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('campaigns.template.help')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {props.value ? (
          <Chip color="primary" label={`${props.value.name} · ${props.value.language}`} data-testid="campaign-template-chosen" />
        ) : (
          <Typography variant="body2">{t('campaigns.template.none')}</Typography>
        )}
        <Button size="small" disabled={props.disabled} onClick={openPicker}>
          {props.value ? t('campaigns.template.change') : t('campaigns.template.choose')}
        </Button>
        {props.value ? (
          <Button size="small" color="error" disabled={props.disabled} onClick={() => props.onChange(null)}>
            {t('campaigns.template.remove')}
          </Button>
        ) : null}
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="campaign-template-title">
        <DialogTitle id="campaign-template-title">{t('campaigns.template.title')}</DialogTitle>
        <DialogContent dividers>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('campaigns.template.valuesHelp')}
          </Alert>
          <TemplatePicker
            whatsappId={props.whatsappId}
            maySync={false}
            picked={picked}
            onPick={(tpl) => {
              setPicked(tpl);
              setValues({});
            }}
            values={values}
            onValues={setValues}
            suggestions={CAMPAIGN_LIST_COLUMNS.map((c) => ({ label: t(`campaigns.template.columns.${c}`), value: `{${c}}` }))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!picked || missing.length > 0}
            onClick={() => {
              if (!picked) return;
              props.onChange({ name: picked.name, language: picked.language, parameters: values });
              setOpen(false);
            }}
          >
            {t('campaigns.template.use')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
