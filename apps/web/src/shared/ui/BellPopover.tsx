import { Badge, Box, IconButton, List, Popover, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';

interface BellPopoverProps {
  /** Title of the tooltip and of the popover (its accessible name too). */
  title: string;
  /** Accessible name of the button, with the count. */
  label: string;
  icon: ReactNode;
  count: number;
  max?: number;
  width?: number;
  emptyText: string;
  isEmpty: boolean;
  onOpen?: () => void;
  /** The list items; `close` hides the popover (before navigating away). */
  children: (close: () => void) => ReactNode;
}

/** A top-bar bell: an icon with a count that opens a titled list, or its empty text. */
export function BellPopover({
  title,
  label,
  icon,
  count,
  max,
  width = 340,
  emptyText,
  isEmpty,
  onOpen,
  children,
}: BellPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      {/* The name is the button's own (hidden) text, the count beside it only drawn: what is read is what is named. */}
      <Tooltip title={title} describeChild>
        <IconButton
          color="inherit"
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            onOpen?.();
          }}
        >
          <span className="visually-hidden">{label}</span>
          <Badge badgeContent={count} color="error" max={max} slotProps={{ badge: { 'aria-hidden': true } }}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width, maxHeight: 420 }, role: 'dialog', 'aria-label': title } }}
      >
        <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
          {title}
        </Typography>
        {isEmpty ? <Box sx={{ p: 2, color: 'text.secondary' }}>{emptyText}</Box> : <List dense>{children(close)}</List>}
      </Popover>
    </>
  );
}
