import type { PlanFlag } from '@atendo/shared';
import { planAllows } from '@atendo/shared';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompanyPlan } from '../hooks/useCompanyPlan';
import { toast } from '../toast';
import { Loading } from './Loading';

const REDIRECT_MS = 1000;

/** Toast 'Esta empresa não possui permissão…' and go to / after 1 s (seed 002 §8). */
export function useDeniedRedirect(denied: boolean, to = '/') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!denied) return;
    toast.error(t('planGate.denied'));
    const timer = setTimeout(() => navigate(to, { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate, t, to]);
}

/** Renders its children only when the company's plan enables the flag; otherwise toast and redirect. */
export function PlanGate({ flag, children }: { flag: PlanFlag; children: ReactNode }) {
  const { plan, isLoading } = useCompanyPlan();
  const allowed = planAllows(plan, flag);
  useDeniedRedirect(!isLoading && !allowed);
  if (isLoading) return <Loading />;
  return allowed ? children : null;
}
