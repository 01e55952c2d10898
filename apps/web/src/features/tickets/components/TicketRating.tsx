import StarIcon from '@mui/icons-material/Star';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../shared/data/tickets/types';

/** The customer's 0–10 score of this attendance (NPS colours: 0–6 red, 7–8 amber, 9–10 green); nothing when unrated. */
export function TicketRating({ rating }: { rating: Ticket['userRating'] }) {
  const { t } = useTranslation();
  const rate = rating?.rate;
  if (rate === undefined || rate === null || rate < 0 || rate > 10) return null;
  const color = rate <= 6 ? 'error' : rate <= 8 ? 'warning' : 'success';
  const label = t('tickets.list.rating', { rate });
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={<StarIcon />}
      label={`${rate}/10`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="ticket-rating"
      sx={{ height: 20, '& .MuiChip-label': { px: 0.5 } }}
    />
  );
}
