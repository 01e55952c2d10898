import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorIcon from '@mui/icons-material/Error';
import { useTranslation } from 'react-i18next';

const READ_BLUE = '#2196f3';
const PLAYED = '#00bfa5';

/** Seed 000 §4: 0 clock, 1 tick, 2 double tick, 3/4 blue double tick (played colour for audio), 5 blue double tick. */
export function AckIcon({ ack, mediaType, failed }: { ack: number; mediaType: string; failed?: boolean }) {
  const { t } = useTranslation();
  const sx = { fontSize: 16, verticalAlign: 'middle' };
  if (failed) return <ErrorIcon color="error" sx={sx} titleAccess={t('tickets.message.failed')} />;
  if (ack <= 0) return <AccessTimeIcon sx={sx} titleAccess={t('tickets.ack.pending')} data-ack="0" />;
  if (ack === 1) return <DoneIcon sx={sx} titleAccess={t('tickets.ack.sent')} data-ack="1" />;
  if (ack === 2) return <DoneAllIcon sx={sx} titleAccess={t('tickets.ack.delivered')} data-ack="2" />;
  const color = ack === 4 && mediaType === 'audio' ? PLAYED : READ_BLUE;
  return <DoneAllIcon sx={{ ...sx, color }} titleAccess={t('tickets.ack.read')} data-ack={String(ack)} />;
}
