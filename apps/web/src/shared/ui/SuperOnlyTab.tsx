import { Alert } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/session/context';

/** A super-admin settings tab opened by anyone else: 'Sem permissão para acessar!', then / after 0.5 s (seed 001 §2). */
export const SUPER_TAB_REDIRECT_MS = 500;

export function SuperOnlyTab({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const denied = !user.super;
  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), SUPER_TAB_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);
  if (denied) return <Alert severity="error">{t('superTab.denied')}</Alert>;
  return <>{children}</>;
}
