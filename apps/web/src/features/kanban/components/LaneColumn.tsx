import { useDroppable } from '@dnd-kit/core';
import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorChip } from '../../../shared/ui/ColorChip';

/** A lane: a drop target with its name as a coloured chip, its card count and its cards. */
export function LaneColumn({
  id,
  name,
  color,
  count,
  children,
}: {
  id: string;
  name: string;
  color: string | null;
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="kanban-lane"
      aria-label={name}
      role="region"
      sx={{
        width: 290,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: isOver ? 'action.hover' : 'background.default',
        borderColor: isOver ? 'primary.main' : 'divider',
        maxHeight: '100%',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, borderBottom: 1, borderColor: 'divider' }}>
        <ColorChip size="small" label={name} bg={color} />
        <Typography variant="caption" color="text.secondary" data-testid="kanban-lane-count">
          {t('kanban.count', { count })}
        </Typography>
      </Box>
      <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 1, overflowY: 'auto', minHeight: 120, flex: 1 }}>
        {count === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            {t('kanban.emptyLane')}
          </Typography>
        ) : null}
        {children}
      </Box>
    </Paper>
  );
}
