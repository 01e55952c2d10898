import { sendFailureReason } from '@atendo/shared';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorIcon from '@mui/icons-material/Error';
import { Box, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const READ_BLUE = '#2196f3';
const PLAYED = '#00bfa5';

/**
 * Seed 000 §4: 0 clock, 1 tick, 2 double tick, 3/4 blue double tick (played colour for audio), 5 blue double tick.
 * A failed send is a red icon whose name and tooltip say why, in the user's language, with the provider's own words
 * below (issue 31 item 10).
 */
export function AckIcon({ ack, mediaType, sendError }: { ack: number; mediaType: string; sendError?: string | null }) {
  const { t } = useTranslation();
  const sx = { fontSize: 16, verticalAlign: 'middle' };
  const failure = sendFailureReason(sendError);
  if (failure) {
    const why = t('tickets.message.failedBecause', { reason: t(`tickets.message.failure.${failure}`) });
    return (
      <Tooltip
        title={
          <>
            <Box>{why}</Box>
            <Box sx={{ opacity: 0.8, mt: 0.5 }}>{t('tickets.message.providerDetail', { detail: sendError })}</Box>
          </>
        }
      >
        <ErrorIcon color="error" sx={sx} titleAccess={why} data-testid="message-failed" />
      </Tooltip>
    );
  }
  if (ack <= 0) return <AccessTimeIcon sx={sx} titleAccess={t('tickets.ack.pending')} data-ack="0" />;
  if (ack === 1) return <DoneIcon sx={sx} titleAccess={t('tickets.ack.sent')} data-ack="1" />;
  if (ack === 2) return <DoneAllIcon sx={sx} titleAccess={t('tickets.ack.delivered')} data-ack="2" />;
  const color = ack === 4 && mediaType === 'audio' ? PLAYED : READ_BLUE;
  return <DoneAllIcon sx={{ ...sx, color }} titleAccess={t('tickets.ack.read')} data-ack={String(ack)} />;
}
