import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { Box, IconButton, Paper, TextField, Typography } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingFile } from '../../hooks/useComposerFiles';

/** The files waiting to be sent: a thumbnail (or a file icon), the name, a caption each, a button to drop one. */
export function PendingFiles({
  files,
  onRemove,
  onCaption,
  onKeyDown,
}: {
  files: PendingFile[];
  onRemove: (key: string) => void;
  onCaption: (key: string, caption: string) => void;
  onKeyDown: (e: KeyboardEvent) => void;
}) {
  const { t } = useTranslation();
  if (!files.length) return null;
  return (
    <Box data-testid="pending-files" sx={{ display: 'flex', gap: 1, mb: 1, overflowX: 'auto', pb: 0.5 }}>
      {files.map((f) => (
        <Paper key={f.key} variant="outlined" sx={{ p: 1, width: 180, flex: '0 0 auto' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
            <Typography variant="caption" noWrap sx={{ flex: 1 }} title={f.file.name}>
              {f.file.name}
            </Typography>
            <IconButton
              size="small"
              aria-label={`${t('tickets.composer.removeFile')} ${f.file.name}`}
              onClick={() => onRemove(f.key)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
          {f.preview ? (
            <Box
              component="img"
              src={f.preview}
              alt={f.file.name}
              sx={{ width: '100%', height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
          ) : (
            <Box sx={{ height: 96, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
              <InsertDriveFileIcon fontSize="large" />
            </Box>
          )}
          <TextField
            size="small"
            fullWidth
            placeholder={t('tickets.composer.caption')}
            value={f.caption}
            onChange={(e) => onCaption(f.key, e.target.value)}
            onKeyDown={onKeyDown}
            slotProps={{ htmlInput: { 'aria-label': `${t('tickets.composer.caption')} ${f.file.name}` } }}
            sx={{ mt: 0.5 }}
          />
        </Paper>
      ))}
    </Box>
  );
}
