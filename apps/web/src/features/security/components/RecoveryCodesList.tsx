import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/toast';

/** The recovery codes, shown once: each works one time in place of a code of the app. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('common.copied'));
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };
  return (
    <Stack spacing={1.5}>
      <Alert severity="warning">{t('security.recoveryCodesWarning')}</Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        aria-label={t('security.recoveryCodes')}
        sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 4 }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Box>
        <Button onClick={() => void copy()}>{t('security.copyCodes')}</Button>
      </Box>
    </Stack>
  );
}
