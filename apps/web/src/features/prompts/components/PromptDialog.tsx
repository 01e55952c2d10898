import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsUnder, toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { usePrompt, useSavePrompt } from '../hooks/usePrompts';
import {
  EMPTY_PROMPT,
  fromDto,
  PROMPT_TEMPLATES,
  type PromptErrors,
  type PromptFormValues,
  type PromptTemplate,
  toBody,
  validateAll,
  validateStep,
  WIZARD_STEPS,
} from '../utils/promptForm';
import { InstructionsFields, NameField, QueueField, SettingsFields } from './PromptFields';

export interface PromptDialogProps {
  open: boolean;
  /** null: the 5-step creation wizard; an id: the edit form with every field. */
  promptId: number | null;
  onClose: () => void;
}

/** Seed 001 §2 Prompts: creation wizard (name, sector, template, instructions, AI settings) or the edit form. */
export function PromptDialog({ open, promptId, onClose }: PromptDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const loaded = usePrompt(open ? promptId : null);
  const save = useSavePrompt();
  const [values, setValues] = useState<PromptFormValues>(EMPTY_PROMPT);
  const [errors, setErrors] = useState<PromptErrors>({});
  const [step, setStep] = useState(0);
  const editing = promptId !== null;

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setErrors({});
    setValues(editing && loaded.data ? fromDto(loaded.data) : EMPTY_PROMPT);
  }, [open, editing, loaded.data]);

  const chooseTemplate = (template: PromptTemplate) =>
    setValues((v) => ({ ...v, template, prompt: template === 'blank' ? '' : t(`prompts.templates.${template}.text`) }));

  const next = () => {
    const e = validateStep(WIZARD_STEPS[step], values);
    setErrors(e);
    if (!Object.keys(e).length) setStep((s) => s + 1);
  };

  const submit = async () => {
    const e = validateAll(values, { editing });
    setErrors(e);
    if (Object.keys(e).length) {
      if (!editing) setStep(WIZARD_STEPS.findIndex((s) => Object.keys(validateStep(s, values)).length));
      return;
    }
    try {
      await save.mutateAsync({ id: promptId ?? undefined, body: toBody(values) });
      toast.success(t('prompts.saved'));
      onClose();
    } catch (err) {
      const fields = fieldErrorsUnder(err, '');
      if (Object.keys(fields).length) setErrors(fields as PromptErrors);
      toast.error(t(editing ? 'prompts.errors.update' : 'prompts.errors.create'));
      toastError(err);
    }
  };

  const props = { values, onChange: setValues, errors };
  const masked = editing && loaded.data ? { apiKey: loaded.data.apiKey, voiceKey: loaded.data.voiceKey } : undefined;

  const wizardStep = () => {
    switch (WIZARD_STEPS[step]) {
      case 'name':
        return <NameField {...props} />;
      case 'queue':
        return <QueueField {...props} promptId={promptId} />;
      case 'template':
        return (
          <RadioGroup value={values.template} onChange={(e) => chooseTemplate(e.target.value as PromptTemplate)}>
            {PROMPT_TEMPLATES.map((k) => (
              <FormControlLabel
                key={k}
                value={k}
                control={<Radio />}
                label={
                  <Box>
                    <Typography>{t(`prompts.templates.${k}.name`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`prompts.templates.${k}.description`)}
                    </Typography>
                  </Box>
                }
                sx={{ mb: 1 }}
              />
            ))}
          </RadioGroup>
        );
      case 'instructions':
        return <InstructionsFields {...props} />;
      default:
        return <SettingsFields {...props} />;
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(editing ? 'prompts.edit' : 'prompts.add')}</DialogTitle>
      <DialogContent dividers>
        {editing && !loaded.data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress />
          </Box>
        ) : editing ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <NameField {...props} />
            <QueueField {...props} promptId={promptId} />
            <InstructionsFields {...props} />
            <SettingsFields {...props} masked={masked} />
          </Stack>
        ) : (
          <Stack spacing={3} sx={{ pt: 1 }}>
            <Stepper activeStep={step} alternativeLabel>
              {WIZARD_STEPS.map((s) => (
                <Step key={s}>
                  <StepLabel>{t(`prompts.steps.${s}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            <Box>{wizardStep()}</Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {!editing && step >= 1 && <Button onClick={() => setStep((s) => s - 1)}>{t('prompts.back')}</Button>}
        {!editing && step < WIZARD_STEPS.length - 1 ? (
          <Button variant="contained" onClick={next}>
            {t('prompts.next')}
          </Button>
        ) : (
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {t('common.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
