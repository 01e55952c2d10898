import { LoginBody } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Checkbox, FormControlLabel, Link, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { z } from 'zod';
import { toastError } from '../../../shared/api/errors';
import { usePublicSettings } from '../../../shared/hooks/usePublicSettings';
import { type LoginRedirectState, useSession } from '../../../shared/session/context';
import { getRememberedEmail, rememberEmail } from '../../../shared/storage';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { AuthLayout } from '../components/AuthLayout';
import { TwoFactorStep } from '../components/TwoFactorStep';

type LoginInput = z.input<typeof LoginBody>;

export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSession();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  const { settings } = usePublicSettings();
  const remembered = getRememberedEmail();
  const [remember, setRemember] = useState(Boolean(remembered));
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginBody>({
    resolver: zodResolver(LoginBody),
    defaultValues: { email: remembered ?? '', password: '' },
  });
  const fields = { register, errors };

  const onSubmit = handleSubmit(async (values) => {
    rememberEmail(remember ? values.email : null);
    try {
      const next = await login(values, from);
      if (next) setChallenge(next.challenge);
    } catch (err) {
      toastError(err);
    }
  });

  if (challenge) {
    return (
      <AuthLayout title={t('login.twoFactorTitle')}>
        <TwoFactorStep challenge={challenge} from={from} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('login.title')}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          <FormTextField
            {...fields}
            name="email"
            label={t('login.email')}
            type="email"
            autoComplete="username"
            autoFocus={!remembered}
            fullWidth
            size="medium"
          />
          <FormTextField
            {...fields}
            name="password"
            field={PasswordField}
            label={t('login.password')}
            autoComplete="current-password"
            autoFocus={Boolean(remembered)}
            fullWidth
            size="medium"
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
              label={t('login.rememberMe')}
            />
            <Link component={RouterLink} to="/recovery-password" variant="body2">
              {t('login.forgotPassword')}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
            {t('login.submit')}
          </Button>
          {settings.allowSignup === 'enabled' && (
            <Box sx={{ textAlign: 'center' }}>
              <Link component={RouterLink} to="/signup" variant="body2">
                {t('login.signup')}
              </Link>
            </Box>
          )}
        </Stack>
      </Box>
    </AuthLayout>
  );
}
