import { FileListBody, type FileListDto, type FileListOptionDto } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { useSaveFileList } from '../hooks/useFileLists';

interface Form {
  name: string;
  message: string;
}

/** Add/edit a file list (seed 001 §3, §5): name (3+), message, its files; new files upload after saving. */
export function FileListModal({ open, record, onClose }: { open: boolean; record: FileListDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveFileList();
  const [kept, setKept] = useState<FileListOptionDto[]>([]);
  const [added, setAdded] = useState<File[]>([]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(FileListBody.pick({ name: true, message: true })) as never });
  const fields = { register, errors };

  useEffect(() => {
    if (open) {
      reset({ name: record?.name ?? '', message: record?.message ?? '' });
      setKept(record?.options ?? []);
      setAdded([]);
    }
  }, [open, record, reset]);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        id: record?.id,
        body: { ...v, options: kept.map((o) => ({ id: o.id, name: o.name, mediaType: o.mediaType })) },
        files: added,
      });
      toast.success(t('fileLists.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['name', 'message'])) toastError(err);
    }
  });

  const empty = kept.length === 0 && added.length === 0;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{record ? t('fileLists.edit') : t('fileLists.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField {...fields} name="name" label={t('fileLists.fields.name')} autoFocus />
            <FormTextField {...fields} name="message" label={t('fileLists.fields.message')} multiline minRows={3} />
            <Typography variant="subtitle2">{t('fileLists.fields.files')}</Typography>
            {empty ? <Typography color="text.secondary">{t('fileLists.noFiles')}</Typography> : null}
            <List dense disablePadding>
              {kept.map((o) => (
                <ListItem
                  key={`kept-${o.id}`}
                  secondaryAction={
                    <IconButton
                      aria-label={t('fileLists.removeFile', { name: o.name })}
                      onClick={() => setKept((k) => k.filter((x) => x.id !== o.id))}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={
                      o.url ? (
                        <a href={o.url} target="_blank" rel="noreferrer">
                          {o.name}
                        </a>
                      ) : (
                        o.name
                      )
                    }
                    secondary={o.mediaType}
                  />
                </ListItem>
              ))}
              {added.map((f, i) => (
                <ListItem
                  key={`new-${f.name}-${f.size}-${f.lastModified}`}
                  secondaryAction={
                    <IconButton
                      aria-label={t('fileLists.removeFile', { name: f.name })}
                      onClick={() => setAdded((a) => a.filter((_, j) => j !== i))}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={f.name} secondary={t('fileLists.pending')} />
                </ListItem>
              ))}
            </List>
            <Button component="label" startIcon={<AttachFileIcon />} sx={{ alignSelf: 'flex-start' }}>
              {t('fileLists.addFiles')}
              <input
                hidden
                multiple
                type="file"
                data-testid="file-list-files"
                onChange={(e) => {
                  const picked = Array.from(e.target.files ?? []);
                  if (picked.length) setAdded((a) => [...a, ...picked]);
                  e.target.value = '';
                }}
              />
            </Button>
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
