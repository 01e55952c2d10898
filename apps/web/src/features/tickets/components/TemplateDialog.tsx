import { type MessageTemplateDto, missingTemplateVariables, type TemplateParameters } from '@atendo/shared';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useSendTemplate } from '../../../shared/data/tickets/useTemplates';
import { TemplatePicker } from '../../../shared/ui/TemplatePicker';

export interface TemplateFill {
  contactName: string;
  userName: string;
  ticketId: number;
}

/**
 * The approved templates of a Cloud API connection (issue 36): pick one, fill its variables (from the contact, the
 * ticket, or typed), see exactly what the customer will receive, send. Templates Meta has not approved are listed,
 * marked and not selectable; who may manage connections can ask Meta for the list again.
 */
export function TemplateDialog(props: {
  open: boolean;
  onClose: () => void;
  ticketId: number;
  whatsappId: number;
  fill: TemplateFill;
  maySync: boolean;
}) {
  const { t } = useTranslation();
  const send = useSendTemplate(props.ticketId);
  const [picked, setPicked] = useState<MessageTemplateDto | null>(null);
  const [values, setValues] = useState<TemplateParameters>({});
  const missing = picked ? missingTemplateVariables(picked, values) : [];

  const choose = (template: MessageTemplateDto) => {
    setPicked(template);
    setValues({});
  };

  const close = () => {
    setPicked(null);
    setValues({});
    props.onClose();
  };

  const suggestions = [
    { label: t('templates.fill.contactName'), value: props.fill.contactName },
    { label: t('templates.fill.userName'), value: props.fill.userName },
    { label: t('templates.fill.ticketId'), value: String(props.fill.ticketId) },
  ];

  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="md" aria-labelledby="template-dialog-title">
      <DialogTitle id="template-dialog-title">{t('templates.title')}</DialogTitle>
      <DialogContent dividers>
        <TemplatePicker
          whatsappId={props.whatsappId}
          maySync={props.maySync}
          picked={picked}
          onPick={choose}
          values={values}
          onValues={setValues}
          suggestions={suggestions}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!picked || missing.length > 0 || send.isPending}
          onClick={() =>
            picked &&
            send.mutate(
              { name: picked.name, language: picked.language, parameters: values },
              { onSuccess: close, onError: toastError },
            )
          }
        >
          {t('templates.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
