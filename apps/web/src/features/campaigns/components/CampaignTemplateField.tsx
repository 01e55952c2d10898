import { CAMPAIGN_LIST_COLUMNS, type CampaignTemplate } from '@atendo/shared';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateChooserDialog } from '../../../shared/ui/TemplateChooserDialog';

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
  const [open, setOpen] = useState(false);

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
        <Button size="small" disabled={props.disabled} onClick={() => setOpen(true)}>
          {props.value ? t('campaigns.template.change') : t('campaigns.template.choose')}
        </Button>
        {props.value ? (
          <Button size="small" color="error" disabled={props.disabled} onClick={() => props.onChange(null)}>
            {t('campaigns.template.remove')}
          </Button>
        ) : null}
      </Stack>
      <TemplateChooserDialog
        open={open}
        onClose={() => setOpen(false)}
        whatsappId={props.whatsappId}
        title={t('campaigns.template.title')}
        confirm={t('campaigns.template.use')}
        hint={t('campaigns.template.valuesHelp')}
        initial={props.value}
        suggestions={CAMPAIGN_LIST_COLUMNS.map((c) => ({ label: t(`campaigns.template.columns.${c}`), value: `{${c}}` }))}
        onChoose={(choice) => props.onChange(choice)}
      />
    </Box>
  );
}
