import { Typography } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../session/context';
import { toast } from '../toast';

/** Seed 001: a tab only the super admin opens; anybody else sees 'Sem permissão para acessar!' and goes to / after 0.5 s. */
export const SUPER_TAB_REDIRECT_MS = 500;

export function SuperOnlyTab({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const allowed = user.super === true;
  useEffect(() => {
    if (allowed) return;
    toast.error(t('settings.noPermission'));
    const timer = setTimeout(() => navigate('/', { replace: true }), SUPER_TAB_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
  if (allowed) return <>{children}</>;
  return (
    <Typography role="alert" color="error" sx={{ p: 2 }}>
      {t('settings.noPermission')}
    </Typography>
  );
}
