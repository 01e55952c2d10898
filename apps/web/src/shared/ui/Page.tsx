import { Box, type SxProps, type Theme, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One page pattern (issue 35 item 6): the same padding on every page, its blocks 16 px apart, and one heading row —
 * an optional way back, the h1 (h5 size: a workspace, not a magazine), what the page is about, actions at the right.
 */
export const PAGE_SX = { p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 } as const;

export function Page({ children, sx, testId }: { children: ReactNode; sx?: SxProps<Theme>; testId?: string }) {
  return (
    <Box sx={[PAGE_SX, ...(Array.isArray(sx) ? sx : [sx])]} data-testid={testId}>
      {children}
    </Box>
  );
}

export function PageHeader({
  title,
  back,
  status,
  actions,
  children,
}: {
  title: ReactNode;
  /** A way back (a button or link) before the title. */
  back?: ReactNode;
  /** A chip after the title (a campaign's state). */
  status?: ReactNode;
  actions?: ReactNode;
  /** A line under the heading row. */
  children?: ReactNode;
}) {
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {back}
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto', minWidth: 0 }}>
          {title}
        </Typography>
        {status}
        {actions}
      </Box>
      {children}
    </Box>
  );
}
