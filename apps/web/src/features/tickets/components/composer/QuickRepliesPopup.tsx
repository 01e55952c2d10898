import { QUICK_MESSAGE_LABEL_MAX, type QuickMessageDto } from '@atendo/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { List, ListItemButton, ListItemText, Paper } from '@mui/material';
import type { useQuickReplyPicker } from '../../hooks/useQuickReplyPicker';
import { truncate } from '../../utils/messageRules';

/** The '/' suggestions above the composer, a listbox the message field drives (aria-activedescendant). */
export function QuickRepliesPopup({ listId, picker }: { listId: string; picker: ReturnType<typeof useQuickReplyPicker> }) {
  if (!picker.open) return null;
  return (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, maxHeight: 240, overflowY: 'auto', zIndex: 2 }}
    >
      <List dense data-testid="quick-messages" role="listbox" id={listId}>
        {picker.options.map((q: QuickMessageDto, i) => (
          <ListItemButton
            key={q.id}
            id={`quick-message-${q.id}`}
            role="option"
            aria-selected={i === picker.highlight}
            selected={i === picker.highlight}
            ref={(el: HTMLDivElement | null) => {
              if (el && i === picker.highlight) el.scrollIntoView?.({ block: 'nearest' });
            }}
            onMouseMove={() => i !== picker.highlight && picker.setHighlight(i)}
            onClick={() => picker.pick(q)}
          >
            {q.mediaUrl ? <AttachFileIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} /> : null}
            <ListItemText
              primary={`/${q.shortcode}`}
              secondary={truncate(q.message || q.mediaName || '', QUICK_MESSAGE_LABEL_MAX)}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
