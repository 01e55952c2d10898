import { sendFailureReason } from '@atendo/shared';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * A message that did not reach the customer says so inside its bubble, in words and in the error colour: why (the
 * provider's reason in the user's language; its own words stay in the tick's tooltip) and a Reenviar button.
 */
export function FailedSendNotice({ sendError, busy, onRetry }: { sendError: string; busy: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const failure = sendFailureReason(sendError) ?? 'generic';
  return (
    <Box
      role="status"
      data-testid="failed-send"
      sx={(theme) => ({
        mt: 0.75,
        pt: 0.75,
        borderTop: 1,
        borderColor: 'error.main',
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        // ≥ 4.5:1 on the sent bubble in both themes
        color: theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.dark,
      })}
    >
      <Typography variant="caption" sx={{ flex: 1, color: 'inherit' }}>
        {t('tickets.message.failedBecause', { reason: t(`tickets.message.failure.${failure}`) })}
      </Typography>
      <Button
        size="small"
        color="inherit"
        startIcon={<ReplayIcon sx={{ fontSize: 16 }} />}
        disabled={busy}
        onClick={onRetry}
        sx={{ flexShrink: 0, py: 0, minHeight: 0, textTransform: 'none', fontWeight: 600 }}
      >
        {t('tickets.message.retry')}
      </Button>
    </Box>
  );
}
