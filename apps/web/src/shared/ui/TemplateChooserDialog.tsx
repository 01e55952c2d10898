import { type MessageTemplateDto, missingTemplateVariables, type TemplateParameters } from '@atendo/shared';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageTemplates } from '../data/tickets/useTemplates';
import { TemplatePicker, type TemplateSuggestion } from './TemplatePicker';

export interface ChosenTemplate {
  name: string;
  language: string;
  parameters: TemplateParameters;
}

/**
 * Chooses an approved template and its values for a later send (issue 36: a campaign's variant, a schedule) with the
 * conversation's picker; `onChoose` gets the choice and the template it names (for its preview text).
 */
export function TemplateChooserDialog(props: {
  open: boolean;
  onClose: () => void;
  whatsappId: number;
  title: string;
  confirm: string;
  hint?: string;
  initial: ChosenTemplate | null;
  suggestions: TemplateSuggestion[];
  onChoose: (choice: ChosenTemplate, template: MessageTemplateDto) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useMessageTemplates(props.open ? props.whatsappId : null);
  const [picked, setPicked] = useState<MessageTemplateDto | null>(null);
  const [values, setValues] = useState<TemplateParameters>({});
  const missing = picked ? missingTemplateVariables(picked, values) : [];
  const { open, initial } = props;
  const templates = list.data?.templates;

  // opening shows the current choice, once the list is there (a later refetch keeps what is being typed)
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!open) setShown(false);
    else if (!shown && templates) {
      setPicked(templates.find((x) => x.name === initial?.name && x.language === initial?.language) ?? null);
      setValues(initial?.parameters ?? {});
      setShown(true);
    }
  }, [open, shown, initial, templates]);

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers>
        {props.hint ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {props.hint}
          </Alert>
        ) : null}
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
          suggestions={props.suggestions}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!picked || missing.length > 0}
          onClick={() => {
            if (!picked) return;
            props.onChoose({ name: picked.name, language: picked.language, parameters: values }, picked);
            props.onClose();
          }}
        >
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
