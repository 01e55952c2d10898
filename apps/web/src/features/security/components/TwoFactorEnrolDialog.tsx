import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { CopyField } from '../../../shared/ui/CopyField';
import { useConfirmTwoFactor, useSetupTwoFactor } from '../hooks/useSecurity';
import { DoneStep } from './DoneStep';
import { RecoveryCodesList } from './RecoveryCodesList';

/**
 * Enrolment of the second factor (issue 34): scan the QR (or type the key), confirm with a code of the app, then keep
 * the ten recovery codes shown this once. `required`: the company or the platform requires it, so it cannot be put off
 * (the only way out is signing out).
 */
export function TwoFactorEnrolDialog({
  open,
  onClose,
  required = false,
  onSignOut,
}: {
  open: boolean;
  onClose: () => void;
  required?: boolean;
  onSignOut?: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate: start, reset: resetSetup } = setup;

  useEffect(() => {
    if (!open) return;
    setCode('');
    setCodes(null);
    resetSetup();
    start(undefined, { onError: toastError });
  }, [open, start, resetSetup]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setCodes((await confirm.mutateAsync(code)).codes);
    } catch (err) {
      setCode('');
      toastError(err);
    }
  };

  const blocking = required && !codes;
  return (
    <Dialog
      open={open}
      // While required and not done, neither Escape nor a click outside puts it off.
      onClose={() => {
        if (!blocking) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('security.enrolTitle')}</DialogTitle>
      {codes ? (
        <DoneStep onDone={onClose}>
          <Stack spacing={2}>
            <Alert severity="success">{t('security.enabled')}</Alert>
            <RecoveryCodesList codes={codes} />
          </Stack>
        </DoneStep>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              {required && <Alert severity="info">{t('security.requiredNotice')}</Alert>}
              <Typography variant="body2">{t('security.scanStep')}</Typography>
              {setup.data && (
                <>
                  <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, bgcolor: '#fff', borderRadius: 1 }}>
                    <QRCodeSVG value={setup.data.uri} size={192} title={t('security.qrLabel')} role="img" />
                  </Box>
                  <CopyField label={t('security.secretKey')} value={setup.data.secret} testId="two-factor-secret" />
                </>
              )}
              <Typography variant="body2">{t('security.confirmStep')}</Typography>
              <TextField
                label={t('security.code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
                fullWidth
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            {required ? (
              onSignOut && <Button onClick={onSignOut}>{t('security.signOut')}</Button>
            ) : (
              <Button onClick={onClose}>{t('common.cancel')}</Button>
            )}
            <Button type="submit" variant="contained" disabled={!setup.data || !code.trim() || confirm.isPending}>
              {t('security.confirm')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
