import { ANNOUNCEMENT_IMAGE_ACCEPT, ANNOUNCEMENT_PRIORITIES, AnnouncementBody, type AnnouncementDto } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { useRemoveAnnouncementMedia, useSaveAnnouncement } from '../hooks/useAnnouncementsPage';

interface Form {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

const IMAGE_NAME = /\.(png|jpe?g)$/i;

/** Add/edit an announcement: title, text, priority, status and an optional png/jpeg image (seed 002 §2.9, §5). */
export function AnnouncementModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: AnnouncementDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveAnnouncement();
  const removeMedia = useRemoveAnnouncementMedia();
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(AnnouncementBody) as never });
  const fields = { register, errors };

  useEffect(() => {
    if (open) {
      reset({
        title: record?.title ?? '',
        text: record?.text ?? '',
        priority: record?.priority ?? 3,
        status: record?.status ?? true,
      });
      setFile(null);
      setMediaName(record?.mediaName ?? null);
    }
  }, [open, record, reset]);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: record?.id, body: v, file });
      toast.success(t('announcements.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['title', 'text', 'priority', 'status'])) toastError(err);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{record ? t('announcements.edit') : t('announcements.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField {...fields} name="title" label={t('announcements.fields.title')} autoFocus />
            <FormTextField {...fields} name="text" label={t('announcements.fields.text')} multiline minRows={4} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Controller
                control={control}
                name="priority"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('announcements.fields.priority')}
                    value={field.value ?? 3}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    sx={{ minWidth: 180 }}
                  >
                    {ANNOUNCEMENT_PRIORITIES.map((p) => (
                      <MenuItem key={p} value={p}>
                        {t(`announcements.priority.${p}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={Boolean(field.value)} onChange={(_, c) => field.onChange(c)} />}
                    label={t('announcements.fields.status')}
                  />
                )}
              />
            </Stack>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Button component="label" startIcon={<AttachFileIcon />}>
                {t('announcements.attach')}
                <input
                  hidden
                  type="file"
                  accept={ANNOUNCEMENT_IMAGE_ACCEPT}
                  data-testid="announcement-file"
                  onChange={(e) => {
                    const f = e.target.files?.[0] ?? null;
                    e.target.value = '';
                    if (f && !IMAGE_NAME.test(f.name)) {
                      toast.error(t('announcements.imageOnly'));
                      return;
                    }
                    setFile(f);
                    if (f) setMediaName(f.name);
                  }}
                />
              </Button>
              <Typography noWrap color="text.secondary">
                {mediaName ?? t('announcements.noImage')}
              </Typography>
              {mediaName ? (
                <IconButton
                  aria-label={t('announcements.removeImage')}
                  onClick={async () => {
                    if (file) setFile(null);
                    else if (record) await removeMedia.mutateAsync(record.id).catch(toastError);
                    setMediaName(null);
                  }}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              ) : null}
            </Box>
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
