import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { DoneStep } from './DoneStep';

/** Asks the password again before a sensitive change (turning the second factor off, new recovery codes). */
export function PasswordPromptDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
  /** Shown in place of the form once done (the new recovery codes). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (open) setPassword('');
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onConfirm(password);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children ? (
        <DoneStep onDone={onClose}>{children}</DoneStep>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <Typography variant="body2">{message}</Typography>
              <PasswordField
                label={t('security.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                autoFocus
                fullWidth
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!password || busy}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
