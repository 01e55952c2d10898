import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A line above the composer's field saying what the next send does (answer a quote, edit a message), with a cancel. */
export function ComposerBanner({
  children,
  onCancel,
  quote = false,
  testId,
}: {
  children: ReactNode;
  onCancel: () => void;
  /** A quoted message: drawn with the quote's bar on its left. */
  quote?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        mb: 0.5,
        ...(quote ? { borderLeft: 3, borderColor: 'primary.main', pl: 1 } : {}),
      }}
    >
      <Typography variant="caption" noWrap color={quote ? undefined : 'primary'} sx={{ flex: 1 }} data-testid={testId}>
        {children}
      </Typography>
      <IconButton size="small" aria-label={t('common.cancel')} onClick={onCancel}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
