import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import SendIcon from '@mui/icons-material/Send';
import { Box, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { useVoiceNote } from '../../hooks/useVoiceNote';

/** While a voice note records: discard, the running time, send. */
export function RecordingBar({ voice }: { voice: ReturnType<typeof useVoiceNote> }) {
  const { t } = useTranslation();
  if (!voice.recording) return null;
  return (
    <Box data-testid="audio-recording" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48 }}>
      <IconButton aria-label={t('tickets.composer.cancelRecording')} onClick={voice.cancel}>
        <DeleteOutlineIcon />
      </IconButton>
      <FiberManualRecordIcon color="error" fontSize="small" />
      <Typography variant="body2" sx={{ flex: 1 }} aria-live="polite">
        {t('tickets.composer.recording')} {Math.floor(voice.seconds / 60)}:{String(voice.seconds % 60).padStart(2, '0')}
      </Typography>
      <IconButton color="primary" aria-label={t('tickets.composer.sendRecording')} onClick={voice.send}>
        <SendIcon />
      </IconButton>
    </Box>
  );
}
