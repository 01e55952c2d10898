import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Tab, Tabs, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export type ComposerMode = 'reply' | 'note';

/** The composer's frame: a note is drawn in amber from its tab to its field (Chatwoot's yellow note draft). */
export const composerSx = (theme: Theme, mode: ComposerMode) => ({
  borderTop: 1,
  borderColor: mode === 'note' ? 'warning.main' : 'divider',
  bgcolor: mode === 'note' ? alpha(theme.palette.warning.main, 0.1) : undefined,
});

/** The message field while writing a note: a pale amber with an amber outline, the text in the theme's own colour. */
export const noteFieldSx = (theme: Theme) => ({
  '& .MuiOutlinedInput-root': {
    bgcolor: theme.palette.mode === 'dark' ? alpha(theme.palette.warning.main, 0.16) : '#fff8e1',
    '& fieldset, &:hover fieldset, &.Mui-focused fieldset': { borderColor: theme.palette.warning.main },
  },
});

/**
 * Reply or private note, as two explicit tabs above the composer (Chatwoot's "Reply / Private Note"). The keys r and n
 * of the inbox press these tabs (data-shortcut), so the keyboard and the mouse drive the same mode.
 */
export function ComposerModeTabs({
  mode,
  onChange,
  disabled,
}: {
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={mode}
      onChange={(_, v: ComposerMode) => onChange(v)}
      aria-label={t('tickets.mode.label')}
      textColor="inherit"
      sx={(theme) => ({
        minHeight: 32,
        mb: 0.5,
        '& .MuiTab-root': { minHeight: 32, py: 0.5, px: 1.5, textTransform: 'none', fontSize: 13, minWidth: 0 },
        '& .MuiTabs-indicator': {
          bgcolor: mode === 'note' ? theme.palette.warning.main : theme.palette.primary.main,
        },
      })}
    >
      <Tab
        value="reply"
        icon={<ChatBubbleOutlineIcon sx={{ fontSize: 16 }} />}
        iconPosition="start"
        label={t('tickets.mode.reply')}
        disabled={disabled}
        data-shortcut="reply-mode"
        data-testid="mode-reply"
      />
      <Tab
        value="note"
        icon={<LockIcon sx={{ fontSize: 16 }} />}
        iconPosition="start"
        label={t('tickets.mode.note')}
        disabled={disabled}
        data-shortcut="private-note"
        data-testid="mode-note"
        // a dark amber on the light theme (≥ 4.5:1 on white), the light amber on the dark one
        sx={(theme) => ({
          '&.Mui-selected': { color: theme.palette.mode === 'dark' ? theme.palette.warning.light : '#7a3500' },
        })}
      />
    </Tabs>
  );
}
