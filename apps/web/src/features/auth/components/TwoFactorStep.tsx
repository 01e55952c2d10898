import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import { useSession } from '../../../shared/session/context';

/**
 * The sign-in's second step (issue 34): the code of the authenticator app, or one recovery code. A challenge that
 * ran out (minutes) sends the user back to the password.
 */
export function TwoFactorStep({ challenge, from, onRestart }: { challenge: string; from?: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const { loginTwoFactor } = useSession();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    try {
      await loginTwoFactor({ challenge, code }, from);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED') onRestart();
      if (err instanceof ApiError && err.code === 'ERR_INVALID_TWO_FACTOR_CODE') {
        setWrong(true);
        setCode('');
      }
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <Typography variant="body2">{t('login.twoFactorPrompt')}</Typography>
        <TextField
          label={t('login.twoFactorCode')}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setWrong(false);
          }}
          autoFocus
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { maxLength: 40, 'aria-describedby': 'two-factor-hint', spellCheck: false } }}
          error={wrong}
          fullWidth
          size="medium"
        />
        <Typography id="two-factor-hint" variant="caption" color="text.secondary">
          {t('login.twoFactorHint')}
        </Typography>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || !code.trim()}>
          {t('login.twoFactorSubmit')}
        </Button>
        <Box sx={{ textAlign: 'center' }}>
          <Link component="button" type="button" variant="body2" onClick={onRestart}>
            {t('login.twoFactorBack')}
          </Link>
        </Box>
      </Stack>
    </Box>
  );
}
