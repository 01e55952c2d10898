import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';

/**
 * What a screen shows instead of nothing when its data could not be read (issue 16 item 2):
 * the translated reason (the server unreachable, refused, or its error code) and a retry.
 */
export function LoadError({
  error,
  onRetry,
  fullScreen = false,
  compact = false,
  message,
  retryLabel,
}: {
  error: unknown;
  onRetry: () => void;
  fullScreen?: boolean;
  /** Inside a table cell or a list: no icon, less room. */
  compact?: boolean;
  /** Instead of the error's own text, and of 'retry' on the button. */
  message?: string;
  retryLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      data-testid="load-error"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: compact ? 1 : 2,
        p: compact ? 1 : 3,
        minHeight: fullScreen ? '100vh' : compact ? undefined : 240,
        width: '100%',
      }}
    >
      {compact ? null : <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />}
      <Typography color={compact ? 'text.secondary' : 'text.primary'} variant={compact ? 'body2' : 'body1'}>
        {message ?? errorMessage(error)}
      </Typography>
      <Button variant={compact ? 'text' : 'contained'} size={compact ? 'small' : 'medium'} onClick={onRetry}>
        {retryLabel ?? t('common.retry')}
      </Button>
    </Box>
  );
}
