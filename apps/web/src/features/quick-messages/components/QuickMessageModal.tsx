import { QuickMessageBody, type QuickMessageDto, quickMessageFileName } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, DialogContent, DialogTitle, FormControlLabel, Stack, Switch } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { AttachmentField } from '../../../shared/ui/AttachmentField';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { usePlaceholdersHelp } from '../../../shared/ui/placeholders';
import { useRemoveQuickMessageMedia, useSaveQuickMessage } from '../hooks/useQuickMessagesPage';

interface Form {
  shortcode: string;
  message: string;
  geral: boolean;
}

/** Add/edit a quick message; another user's message is read-only unless shared (seed 002 §5, §6). */
export function QuickMessageModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: QuickMessageDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveQuickMessage();
  const removeMedia = useRemoveQuickMessageMedia();
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState<string | null>(null);
  const readOnly = Boolean(record && !record.canEdit);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(QuickMessageBody.pick({ shortcode: true, message: true, geral: true })) as never });
  const fields = { register, errors };
  const help = usePlaceholdersHelp();

  useEffect(() => {
    if (open) {
      reset({ shortcode: record?.shortcode ?? '', message: record?.message ?? '', geral: record?.geral ?? false });
      setFile(null);
      setMediaName(record?.mediaName ?? null);
    }
  }, [open, record, reset]);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: record?.id, body: v, file });
      toast.success(t('quickMessages.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['shortcode', 'message'])) toastError(err);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{record ? t('quickMessages.edit') : t('quickMessages.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {readOnly ? <Alert severity="info">{t('quickMessages.readOnly')}</Alert> : null}
            <FormTextField
              {...fields}
              name="shortcode"
              label={t('quickMessages.fields.shortcode')}
              disabled={readOnly}
              autoFocus
            />
            <FormTextField
              {...fields}
              name="message"
              label={t('quickMessages.fields.message')}
              helperText={help}
              disabled={readOnly}
              multiline
              minRows={4}
            />
            <Controller
              control={control}
              name="geral"
              render={({ field }) => (
                <FormControlLabel
                  disabled={readOnly}
                  control={<Switch checked={Boolean(field.value)} onChange={(_, c) => field.onChange(c)} />}
                  label={t('quickMessages.fields.geral')}
                />
              )}
            />
            <AttachmentField
              name={mediaName}
              disabled={readOnly}
              testId="quick-message-file"
              labels={{
                attach: t('quickMessages.attach'),
                none: t('quickMessages.noAttachment'),
                remove: t('quickMessages.removeAttachment'),
              }}
              onPick={(f) => {
                setFile(f);
                setMediaName(quickMessageFileName(f.name));
              }}
              onRemove={async () => {
                if (file) setFile(null);
                else if (record) await removeMedia.mutateAsync(record.id).catch(toastError);
                setMediaName(null);
              }}
            />
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting || readOnly} />
      </form>
    </Dialog>
  );
}
