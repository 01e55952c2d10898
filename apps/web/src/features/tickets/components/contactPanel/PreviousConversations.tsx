import { Box, Chip, CircularProgress, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../shared/clock';
import { useClock } from '../../../../shared/hooks/useClock';
import type { usePreviousConversations } from '../../hooks/useContactPanel';

/** The contact's other conversations, newest first, each a link to its ticket: number, status, when, last message. */
export function PreviousConversations({ history }: { history: ReturnType<typeof usePreviousConversations> }) {
  const { t } = useTranslation();
  const clock = useClock();
  if (history.isLoading)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
        <CircularProgress size={20} />
      </Box>
    );
  const items = history.data ?? [];
  if (!items.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('inbox.panel.noHistory')}
      </Typography>
    );
  return (
    <List dense disablePadding data-testid="previous-conversations">
      {items.map((ticket) => (
        <ListItem key={ticket.id} disablePadding>
          <ListItemButton
            component={Link}
            to={`/tickets/${ticket.uuid}`}
            data-testid="previous-conversation"
            sx={{ borderRadius: 1, px: 1, alignItems: 'flex-start' }}
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                    #{ticket.id}
                  </Typography>
                  <Chip size="small" variant="outlined" label={t(`inbox.status.${ticket.status}`)} sx={{ height: 20 }} />
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
                    {formatDateTime(clock, ticket.updatedAt)}
                  </Typography>
                </Box>
              }
              secondary={[ticket.queue?.name, ticket.user?.name, ticket.lastMessage].filter(Boolean).join(' · ')}
              slotProps={{ secondary: { noWrap: true } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
