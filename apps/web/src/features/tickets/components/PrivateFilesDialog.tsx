import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { mediaUrl } from '../../../shared/media';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type PrivateFile, useDeletePrivateFile, usePrivateFiles, useUploadPrivateFile } from '../hooks/usePrivateFiles';

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** Seed 000 §2 "private-files dialog": the ticket's files only the team sees (uploaded and downloaded with the media rules). */
export function PrivateFilesDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const clock = useClock();
  const files = usePrivateFiles(ticketId, open);
  const upload = useUploadPrivateFile(ticketId, (err) =>
    toast.error(`${t('tickets.privateFiles.uploadFailed')} ${errorMessage(err)}`),
  );
  const remove = useDeletePrivateFile(ticketId, (err) => toast.error(errorMessage(err)));
  const [deleting, setDeleting] = useState<PrivateFile | null>(null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('tickets.privateFiles.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('tickets.privateFiles.help')}
        </Typography>
        {files.isLoading ? (
          <CircularProgress size={24} aria-label={t('common.loading')} />
        ) : files.isError ? (
          <Alert severity="error">{t('tickets.privateFiles.loadFailed')}</Alert>
        ) : (files.data ?? []).length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('tickets.privateFiles.empty')}</Typography>
        ) : (
          <List dense data-testid="private-files">
            {(files.data ?? []).map((f) => (
              <ListItem
                key={f.id}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('tickets.privateFiles.deleteOf', { name: f.name })}
                    onClick={() => setDeleting(f)}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={
                    <Link href={mediaUrl(f.url)} download={f.name} target="_blank" rel="noreferrer">
                      {f.name}
                    </Link>
                  }
                  secondary={`${kb(f.size)} · ${f.user?.name ?? ''} · ${formatDateTime(clock, f.createdAt)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          component="label"
          startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadFileIcon />}
          disabled={upload.isPending}
        >
          {t('tickets.privateFiles.upload')}
          <input
            hidden
            type="file"
            data-testid="private-file-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
              e.target.value = '';
            }}
          />
        </Button>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('tickets.privateFiles.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id).catch(() => undefined);
        }}
      >
        {t('tickets.privateFiles.deleteMessage')}
      </ConfirmationDialog>
    </Dialog>
  );
}
