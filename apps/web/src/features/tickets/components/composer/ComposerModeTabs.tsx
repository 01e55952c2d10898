import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type ComposerMode = 'reply' | 'note';

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
