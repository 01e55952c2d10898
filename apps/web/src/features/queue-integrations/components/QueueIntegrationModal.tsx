import {
  DIALOGFLOW_LANGUAGES,
  QUEUE_INTEGRATION_TYPES,
  QueueIntegrationBody,
  type QueueIntegrationDto,
  TYPEBOT_DEFAULT_DELAY_MS,
  TYPEBOT_DEFAULT_EXPIRES_MIN,
} from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { CopyField } from '../../../shared/ui/CopyField';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { useSaveQueueIntegration, useTestDialogflowSession } from '../hooks/useQueueIntegrations';

interface Form {
  type: (typeof QUEUE_INTEGRATION_TYPES)[number];
  name: string;
  projectName: string;
  jsonContent: string;
  language: (typeof DIALOGFLOW_LANGUAGES)[number];
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: number;
  typebotRestartMessage: string;
}

const FIELDS: (keyof Form)[] = [
  'type',
  'name',
  'projectName',
  'jsonContent',
  'language',
  'urlN8N',
  'typebotSlug',
  'typebotExpires',
  'typebotKeywordFinish',
  'typebotKeywordRestart',
  'typebotUnknownMessage',
  'typebotDelayMessage',
  'typebotRestartMessage',
];

function initial(r: QueueIntegrationDto | null): Form {
  return {
    type: (r?.type as Form['type']) ?? 'typebot',
    name: r?.name ?? '',
    projectName: r?.projectName ?? '',
    jsonContent: r?.jsonContent ?? '',
    language: (r?.language as Form['language']) ?? 'pt-BR',
    urlN8N: r?.urlN8N ?? '',
    typebotSlug: r?.typebotSlug ?? '',
    typebotExpires: r?.typebotExpires ?? TYPEBOT_DEFAULT_EXPIRES_MIN,
    typebotKeywordFinish: r?.typebotKeywordFinish ?? '',
    typebotKeywordRestart: r?.typebotKeywordRestart ?? '',
    typebotUnknownMessage: r?.typebotUnknownMessage ?? '',
    typebotDelayMessage: r?.typebotDelayMessage ?? TYPEBOT_DEFAULT_DELAY_MS,
    typebotRestartMessage: r?.typebotRestartMessage ?? '',
  };
}

/** Add/edit a queue integration (seed 001 §3, §5): the fields of its type; Dialogflow credentials can be tested. */
export function QueueIntegrationModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: QueueIntegrationDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveQueueIntegration();
  const testSession = useTestDialogflowSession();
  const [tested, setTested] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(QueueIntegrationBody) as never, defaultValues: initial(null) });
  const fields = { register, errors };
  const type = watch('type');

  useEffect(() => {
    if (open) {
      reset(initial(record));
      setTested(null);
    }
  }, [open, record, reset]);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: record?.id, body: v as unknown as QueueIntegrationBody });
      toast.success(t('queueIntegrations.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, FIELDS)) toastError(err);
    }
  });

  const onTest = async () => {
    const v = getValues();
    try {
      const r = await testSession.mutateAsync({ projectName: v.projectName, jsonContent: v.jsonContent, language: v.language });
      setTested(r.fulfillmentText || t('queueIntegrations.testOk'));
    } catch (err) {
      setTested(null);
      toastError(err);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{record ? t('queueIntegrations.edit') : t('queueIntegrations.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <TextField select label={t('queueIntegrations.fields.type')} {...field} disabled={Boolean(record)}>
                  {QUEUE_INTEGRATION_TYPES.map((ty) => (
                    <MenuItem key={ty} value={ty}>
                      {t(`queueIntegrations.types.${ty}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormTextField {...fields} name="name" label={t('queueIntegrations.fields.name')} autoFocus />
            {type === 'dialogflow' ? (
              <>
                <FormTextField {...fields} name="projectName" label={t('queueIntegrations.fields.projectName')} />
                <FormTextField
                  {...fields}
                  name="jsonContent"
                  label={t('queueIntegrations.fields.jsonContent')}
                  multiline
                  minRows={4}
                />
                <Controller
                  control={control}
                  name="language"
                  render={({ field }) => (
                    <TextField select label={t('queueIntegrations.fields.language')} {...field}>
                      {DIALOGFLOW_LANGUAGES.map((l) => (
                        <MenuItem key={l} value={l}>
                          {l}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Button variant="outlined" onClick={() => void onTest()} disabled={testSession.isPending}>
                  {t('queueIntegrations.test')}
                </Button>
                {tested ? <Alert severity="success">{tested}</Alert> : null}
              </>
            ) : (
              <FormTextField {...fields} name="urlN8N" label={t('queueIntegrations.fields.url')} placeholder="https://" />
            )}
            {type === 'typebot' ? (
              <>
                <FormTextField {...fields} name="typebotSlug" label={t('queueIntegrations.fields.typebotSlug')} />
                <Stack direction="row" spacing={2}>
                  <FormTextField
                    {...fields}
                    name="typebotExpires"
                    type="number"
                    label={t('queueIntegrations.fields.typebotExpires')}
                    fullWidth
                  />
                  <FormTextField
                    {...fields}
                    name="typebotDelayMessage"
                    type="number"
                    label={t('queueIntegrations.fields.typebotDelayMessage')}
                    fullWidth
                  />
                </Stack>
                <Stack direction="row" spacing={2}>
                  <FormTextField
                    {...fields}
                    name="typebotKeywordFinish"
                    label={t('queueIntegrations.fields.typebotKeywordFinish')}
                    fullWidth
                  />
                  <FormTextField
                    {...fields}
                    name="typebotKeywordRestart"
                    label={t('queueIntegrations.fields.typebotKeywordRestart')}
                    fullWidth
                  />
                </Stack>
                <FormTextField
                  {...fields}
                  name="typebotUnknownMessage"
                  label={t('queueIntegrations.fields.typebotUnknownMessage')}
                />
                <FormTextField
                  {...fields}
                  name="typebotRestartMessage"
                  label={t('queueIntegrations.fields.typebotRestartMessage')}
                />
              </>
            ) : null}
            {record && (type === 'n8n' || type === 'webhook') ? (
              <CopyField label={t('queueIntegrations.fields.secret')} value={record.secret} />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
