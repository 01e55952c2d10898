import { Box, IconButton, Popover, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EMOJI_GROUPS } from '../utils/emojis';

/** The larger emoji list in a popover: a grid of buttons, each named by its emoji; Escape closes it. */
export function EmojiPicker({
  anchor,
  onClose,
  onPick,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onPick: (emoji: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { width: 320, maxHeight: 320, p: 1 }, 'aria-label': t('tickets.emoji.title') } }}
    >
      {EMOJI_GROUPS.map((group) => (
        <Box key={group.key} sx={{ mb: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {t(`tickets.emoji.${group.key}`)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)' }}>
            {group.emojis.map((emoji) => (
              <IconButton
                key={emoji}
                size="small"
                aria-label={emoji}
                onClick={() => {
                  onPick(emoji);
                  onClose();
                }}
                sx={{ fontSize: 20, width: 36, height: 36 }}
              >
                {emoji}
              </IconButton>
            ))}
          </Box>
        </Box>
      ))}
    </Popover>
  );
}
