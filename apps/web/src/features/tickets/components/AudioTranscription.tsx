import { planAllows, TranscribeAudioDto } from '@atendo/shared';
import SubjectIcon from '@mui/icons-material/Subject';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import type { Message } from '../../../shared/data/tickets/types';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { toast } from '../../../shared/toast';
import { useTranscribeAudio } from '../hooks/useMessages';
import { audioFileName, keptTranscription } from '../utils/transcription';

/**
 * Under an audio message: the 'Transcribe' button (plans with useOpenAi) and the text once made. A transcription
 * made by anyone arrives by socket on the message (dataJson.transcription), so it shows for colleagues too.
 */
export function AudioTranscription({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { plan } = useCompanyPlan();
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const transcribe = useTranscribeAudio();
  const shown = text ?? keptTranscription(message.dataJson);
  if (shown !== null) {
    return (
      <Box data-testid="transcription" sx={{ mt: 0.5, pl: 1, borderLeft: 2, borderColor: 'divider', maxWidth: 360 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('tickets.message.transcription')}
        </Typography>
        <Typography variant="body2" sx={{ fontStyle: 'italic', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {shown}
        </Typography>
      </Box>
    );
  }
  if (!planAllows(plan, 'useOpenAi')) return null;
  const run = async () => {
    const file = audioFileName(message.mediaUrl);
    if (!file) {
      toast.error(t('tickets.message.transcriptionBadUrl'));
      return;
    }
    setBusy(true);
    try {
      const answer = TranscribeAudioDto.safeParse(await transcribe.mutateAsync(file));
      if (!answer.success) toast.error(t('tickets.message.transcriptionInvalid'));
      else setText(answer.data.transcribedText);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={() => void run()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} /> : <SubjectIcon fontSize="small" />}
      sx={{ mt: 0.25 }}
    >
      {busy ? t('tickets.message.transcribing') : t('tickets.message.transcribe')}
    </Button>
  );
}
