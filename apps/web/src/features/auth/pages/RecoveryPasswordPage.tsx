import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { AuthLayout } from '../components/AuthLayout';
import { MAX_CODE_ATTEMPTS, REDIRECT_AFTER_ATTEMPTS_MS, REDIRECT_AFTER_SAVE_MS, recoveryApi } from '../hooks/useRecovery';

type Stage = 'number' | 'code' | 'password';

/** Three states (seed 002 §2.16, §4): number → code → new password. */
export default function RecoveryPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>('number');
  const [wpp, setWpp] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [attempts, setAttempts] = useState(0);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const locked = attempts >= MAX_CODE_ATTEMPTS;

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const redirectToLogin = (ms: number) => {
    timer.current = setTimeout(() => navigate('/login', { replace: true }), ms);
  };

  const sendCode = async (e: FormEvent) => {
    e.preventDefault();
    const number = wpp.replace(/\D/g, '');
    if (!number) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await recoveryApi.sendCode(number);
      setWpp(number);
      toast.success(t('recovery.codeSent'));
      setStage('code');
    } catch (err) {
      // the server's own text (translated when it is a known code)
      const message = errorMessage(err);
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (locked) return;
    setBusy(true);
    setError(null);
    try {
      const data = await recoveryApi.verifyCode(wpp, code.trim());
      setToken(data.token);
      setInfo(t('recovery.codeValidated'));
      toast.success(t('recovery.codeValidated'));
      setStage('password');
    } catch (err) {
      if (!(err instanceof ApiError) || (err.code !== 'ERR_INVALID_RECOVERY_CODE' && err.code !== 'ERR_VALIDATION')) {
        const message = err instanceof ApiError && err.status === 429 ? errorMessage(err) : t('recovery.verifyError');
        setError(message);
        toast.error(message);
        return;
      }
      const next = attempts + 1;
      setAttempts(next);
      if (next >= MAX_CODE_ATTEMPTS) {
        setError(t('recovery.attemptsExceeded'));
        toast.error(t('recovery.attemptsExceeded'));
        redirectToLogin(REDIRECT_AFTER_ATTEMPTS_MS);
      } else {
        setError(t('recovery.wrongCode', { left: MAX_CODE_ATTEMPTS - next }));
      }
    } finally {
      setBusy(false);
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (token === null) {
      setError(t('recovery.invalidCode'));
      return;
    }
    if (password.length < 5 || password.length > 50) {
      setError(t(password.length < 5 ? 'validation.passwordTooShort' : 'validation.tooLong'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await recoveryApi.savePassword(token, password);
      toast.success(t('recovery.saved'));
      redirectToLogin(REDIRECT_AFTER_SAVE_MS);
    } catch (err) {
      const refused = err instanceof ApiError && err.code === 'ERR_INVALID_RECOVERY_CODE';
      const message = refused ? t('recovery.invalidCode') : t('recovery.saveError');
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('recovery.title')}>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {info && !error && <Alert severity="success">{info}</Alert>}
        {stage === 'number' && (
          <Box component="form" onSubmit={sendCode} noValidate>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t('recovery.numberHelp')}
              </Typography>
              <TextField
                label={t('recovery.number')}
                type="tel"
                autoComplete="tel"
                placeholder="5511999999999"
                autoFocus
                value={wpp}
                onChange={(e) => setWpp(e.target.value)}
              />
              <Button type="submit" variant="contained" disabled={busy}>
                {t('recovery.sendCode')}
              </Button>
            </Stack>
          </Box>
        )}
        {stage === 'code' && (
          <Box component="form" onSubmit={verify} noValidate>
            <Stack spacing={2}>
              <TextField
                label={t('recovery.code')}
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
                value={code}
                disabled={locked}
                onChange={(e) => setCode(e.target.value)}
              />
              <Button type="submit" variant="contained" disabled={busy || locked}>
                {t('recovery.verify')}
              </Button>
            </Stack>
          </Box>
        )}
        {stage === 'password' && (
          <Box component="form" onSubmit={save} noValidate>
            <Stack spacing={2}>
              <PasswordField
                label={t('recovery.newPassword')}
                autoComplete="new-password"
                autoFocus
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button type="submit" variant="contained" disabled={busy}>
                {t('recovery.save')}
              </Button>
            </Stack>
          </Box>
        )}
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" variant="body2">
            {t('recovery.backToLogin')}
          </Link>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
