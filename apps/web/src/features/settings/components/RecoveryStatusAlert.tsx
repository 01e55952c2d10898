import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRecoveryStatus } from '../../../shared/data/settings/useSettings';

/**
 * Tells the super admin when password recovery cannot work (issue 30 item 10): no default connection on the platform
 * company, one that cannot send, or phones several companies share. The anonymous recovery page never says which.
 */
export function RecoveryStatusAlert() {
  const { t } = useTranslation();
  const status = useRecoveryStatus(true);
  const s = status.data;
  if (!s) return null;
  const connectionStatus = s.connection
    ? t(`connections.status.${s.connection.status}`, { defaultValue: s.connection.status })
    : '';
  if (!s.problems.length) {
    return (
      <Alert severity="success" data-testid="recovery-status">
        {t('settings.recovery.ready', { name: s.connection?.name ?? '' })}
      </Alert>
    );
  }
  return (
    <Alert
      severity={s.ready ? 'warning' : 'error'}
      data-testid="recovery-status"
      action={
        s.ready ? undefined : (
          <Button color="inherit" size="small" component={RouterLink} to="/connections">
            {t('settings.recovery.openConnections')}
          </Button>
        )
      }
    >
      <AlertTitle>{t(s.ready ? 'settings.recovery.partialTitle' : 'settings.recovery.downTitle')}</AlertTitle>
      <Stack spacing={0.5}>
        {s.problems.includes('noDefaultConnection') && <Box>{t('settings.recovery.noDefaultConnection')}</Box>}
        {s.problems.includes('connectionDown') && s.connection && (
          <Box>{t('settings.recovery.connectionDown', { name: s.connection.name, status: connectionStatus })}</Box>
        )}
        {s.problems.includes('sharedPhone') && (
          <Box>
            {t('settings.recovery.sharedPhone')}
            <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
              {s.sharedPhones.map((p) => (
                <li key={p.phone}>
                  {p.phone}: {p.companies.map((c) => `${c.name} (#${c.id})`).join(', ')}
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Stack>
    </Alert>
  );
}
