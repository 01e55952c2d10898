import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Tab, Tabs, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export type ComposerMode = 'reply' | 'note';

/** The tabs, and the inbox keys (r, n) that press them through their data-shortcut. */
const MODES = [
  { mode: 'reply', Icon: ChatBubbleOutlineIcon, shortcut: 'reply-mode' },
  { mode: 'note', Icon: LockIcon, shortcut: 'private-note' },
] as const;

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
        // full opacity: MUI's faded unselected tab falls under 4.5:1
        '& .MuiTab-root': {
          minHeight: 32,
          py: 0.5,
          px: 1.5,
          textTransform: 'none',
          fontSize: 13,
          minWidth: 0,
          opacity: 1,
          color: theme.palette.text.secondary,
        },
        // the chosen note in a dark amber on the light theme (≥ 4.5:1 on its tint), the light amber on the dark one
        '& .MuiTab-root.Mui-selected': {
          color:
            mode === 'note'
              ? theme.palette.mode === 'dark'
                ? theme.palette.warning.light
                : '#7a3500'
              : theme.palette.text.primary,
        },
        '& .MuiTab-root.Mui-disabled': { color: theme.palette.text.disabled },
        '& .MuiTabs-indicator': {
          bgcolor: mode === 'note' ? theme.palette.warning.main : theme.palette.primary.main,
        },
      })}
    >
      {MODES.map(({ mode: value, Icon, shortcut }) => (
        <Tab
          key={value}
          value={value}
          icon={<Icon sx={{ fontSize: 16 }} />}
          iconPosition="start"
          label={t(`tickets.mode.${value}`)}
          disabled={disabled}
          data-shortcut={shortcut}
          data-testid={`mode-${value}`}
        />
      ))}
    </Tabs>
  );
}
