import type { TagRefDto } from '@atendo/shared';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSetTicketTags } from '../../../shared/data/tags/useTagging';
import { toast } from '../../../shared/toast';
import { ColorChip } from '../../../shared/ui/ColorChip';
import { TagPicker } from '../../../shared/ui/TagPicker';

/**
 * The ticket's tags under the conversation header: its kanban lane as a chip, and a picker of the plain tags (each
 * change is one PUT or DELETE /ticket-tags; the ticket event shows it to every colleague who sees the ticket).
 */
export function TicketTagsBar({ ticketId, tags, disabled }: { ticketId: number; tags: TagRefDto[]; disabled?: boolean }) {
  const { t } = useTranslation();
  const change = useSetTicketTags(ticketId);
  const plain = tags.filter((x) => x.kanban !== 1);
  const lanes = tags.filter((x) => x.kanban === 1);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid="ticket-tags-bar"
    >
      {lanes.map((l) => (
        // the lane in its colour with readable text, as the inbox list shows it
        <ColorChip key={l.id} size="small" label={l.name} title={t('tags.picker.lane')} bg={l.color} />
      ))}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TagPicker
          label={t('tags.picker.ticketLabel')}
          testId="ticket-tags"
          disabled={disabled || change.isPending}
          value={change.isPending ? change.variables.after : plain}
          onChange={(after) =>
            change.mutate({ before: plain, after }, { onSuccess: () => toast.success(t('tags.picker.saved')) })
          }
        />
      </Box>
    </Box>
  );
}
