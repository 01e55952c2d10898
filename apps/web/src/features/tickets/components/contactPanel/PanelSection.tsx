import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, ButtonBase, Collapse, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/** A foldable section of the contact panel: its title is a button (aria-expanded) that folds or opens it. */
export function PanelSection({
  title,
  folded,
  onToggle,
  children,
  testId,
}: {
  title: string;
  folded: boolean;
  onToggle: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={testId} sx={{ borderTop: 1, borderColor: 'divider' }}>
      {/* the WAI-ARIA accordion: a heading holding the button that folds its section */}
      <Typography variant="subtitle2" component="h3" sx={{ m: 0 }}>
        <ButtonBase
          id={`${id}-title`}
          aria-expanded={!folded}
          aria-controls={`${id}-body`}
          onClick={onToggle}
          sx={{
            width: '100%',
            justifyContent: 'space-between',
            px: 2,
            py: 1.25,
            font: 'inherit',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          {title}
          <ExpandMoreIcon
            fontSize="small"
            sx={{ transition: 'transform 150ms', transform: folded ? 'rotate(-90deg)' : 'none', color: 'text.secondary' }}
          />
        </ButtonBase>
      </Typography>
      <Collapse in={!folded} id={`${id}-body`} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>{children}</Box>
      </Collapse>
    </Box>
  );
}
