import type { PlanDto } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { errorMessage, toastError } from '../../../shared/api/errors';
import { useMoney } from '../../../shared/hooks/useMoney';
import { usePublicSettings } from '../../../shared/hooks/usePublicSettings';
import { toast } from '../../../shared/toast';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { AuthLayout } from '../components/AuthLayout';
import {
  type SignupCompany,
  SignupCompanyStep,
  type SignupPersonal,
  SignupPersonalStep,
  usePublicPlans,
  useSignup,
} from '../hooks/useSignup';

function PlanList({ onChoose }: { onChoose: (plan: PlanDto) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const plans = usePublicPlans();
  if (plans.isLoading) {
    return (
      <Box sx={{ textAlign: 'center', py: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (plans.isError) return <Alert severity="error">{errorMessage(plans.error)}</Alert>;
  if (!plans.data?.length) return <Alert severity="info">{t('signup.noPlans')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' } }}>
      {plans.data.map((plan) => (
        <Card key={plan.id} variant="outlined" component="section" aria-label={plan.name}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {plan.name}
            </Typography>
            <Typography variant="h5" color="primary" sx={{ my: 1, fontWeight: 700 }}>
              {money(plan.amount)}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                {t('signup.perMonth')}
              </Typography>
            </Typography>
            <Typography variant="body2">{t('signup.planUsers', { count: plan.users })}</Typography>
            <Typography variant="body2">{t('signup.planConnections', { count: plan.connections })}</Typography>
            <Typography variant="body2">{t('signup.planQueues', { count: plan.queues })}</Typography>
          </CardContent>
          <CardActions>
            <Button
              variant="contained"
              fullWidth
              onClick={() => onChoose(plan)}
              aria-label={t('signup.choosePlanNamed', { name: plan.name })}
            >
              {t('signup.choosePlan')}
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}

function PersonalStep({
  initial,
  onNext,
  onBack,
}: {
  initial: Partial<SignupPersonal>;
  onNext: (v: SignupPersonal) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof SignupPersonalStep>, unknown, SignupPersonal>({
    resolver: zodResolver(SignupPersonalStep),
    defaultValues: { name: '', email: '', password: '', phone: '', ...initial },
  });
  const fields = { register, errors };
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onNext)}>
      <Stack spacing={2}>
        <FormTextField {...fields} name="name" label={t('signup.name')} autoComplete="name" autoFocus />
        <FormTextField {...fields} name="email" label={t('signup.email')} type="email" autoComplete="email" />
        <FormTextField
          {...fields}
          name="password"
          field={PasswordField}
          label={t('signup.password')}
          autoComplete="new-password"
        />
        <FormTextField
          {...fields}
          name="phone"
          label={t('signup.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="5511999999999"
        />
        <WizardButtons onBack={onBack} nextLabel={t('signup.next')} />
      </Stack>
    </Box>
  );
}

function CompanyStep({
  initial,
  onNext,
  onBack,
}: {
  initial: Partial<SignupCompany>;
  onNext: (v: SignupCompany) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof SignupCompanyStep>, unknown, SignupCompany>({
    resolver: zodResolver(SignupCompanyStep),
    defaultValues: { companyName: '', ...initial },
  });
  const fields = { register, errors };
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onNext)}>
      <Stack spacing={2}>
        <FormTextField {...fields} name="companyName" label={t('signup.companyName')} autoComplete="organization" autoFocus />
        <WizardButtons onBack={onBack} nextLabel={t('signup.next')} />
      </Stack>
    </Box>
  );
}

function WizardButtons({
  onBack,
  nextLabel,
  busy,
  onNext,
}: {
  onBack: () => void;
  nextLabel: string;
  busy?: boolean;
  onNext?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', pt: 1 }}>
      <Button onClick={onBack}>{t('signup.back')}</Button>
      <Button type={onNext ? 'button' : 'submit'} variant="contained" disabled={busy} onClick={onNext}>
        {nextLabel}
      </Button>
    </Box>
  );
}

export default function SignupPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const { settings, isLoading: settingsLoading } = usePublicSettings();
  const signup = useSignup();
  const [plan, setPlan] = useState<PlanDto | null>(null);
  const [step, setStep] = useState(0);
  const [personal, setPersonal] = useState<SignupPersonal | null>(null);
  const [company, setCompany] = useState<SignupCompany | null>(null);
  const steps = [t('signup.stepPersonal'), t('signup.stepCompany'), t('signup.stepConfirm')];

  const submit = async () => {
    if (!plan || !personal || !company) return;
    try {
      await signup.mutateAsync({ ...personal, ...company, planId: plan.id });
      toast.success(t('signup.success'));
      navigate('/login', { replace: true });
    } catch (err) {
      // a field the server refused sends the user back to the step that holds it
      if (err instanceof ApiError && err.code === 'ERR_VALIDATION') {
        const path = err.body?.fields?.[0]?.path;
        if (path === 'companyName') setStep(1);
        else if (path && path !== 'planId') setStep(0);
      }
      if (err instanceof ApiError && err.code === 'ERR_EMAIL_ALREADY_EXISTS') setStep(0);
      if (err instanceof ApiError && err.code === 'ERR_COMPANY_ALREADY_EXISTS') setStep(1);
      toastError(err);
    }
  };

  const disabled = !settingsLoading && settings.allowSignup !== 'enabled';

  return (
    <AuthLayout title={t('signup.title')} maxWidth={plan ? 520 : 760}>
      {disabled ? (
        <Alert severity="info">{t('signup.disabled')}</Alert>
      ) : !plan ? (
        <>
          <Typography sx={{ mb: 2 }} color="text.secondary">
            {t('signup.choosePlanIntro')}
          </Typography>
          <PlanList
            onChoose={(p) => {
              setPlan(p);
              setStep(0);
            }}
          />
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('signup.chosenPlan', { name: plan.name, price: money(plan.amount) })}
          </Typography>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
            {steps.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 0 && (
            <PersonalStep
              initial={personal ?? {}}
              onBack={() => setPlan(null)}
              onNext={(v) => {
                setPersonal(v);
                setStep(1);
              }}
            />
          )}
          {step === 1 && (
            <CompanyStep
              initial={company ?? {}}
              onBack={() => setStep(0)}
              onNext={(v) => {
                setCompany(v);
                setStep(2);
              }}
            />
          )}
          {step === 2 && personal && company && (
            <Box>
              <List dense aria-label={t('signup.stepConfirm')}>
                <ListItem>
                  <ListItemText primary={t('signup.plan')} secondary={`${plan.name} — ${money(plan.amount)}`} />
                </ListItem>
                <ListItem>
                  <ListItemText primary={t('signup.name')} secondary={personal.name} />
                </ListItem>
                <ListItem>
                  <ListItemText primary={t('signup.email')} secondary={personal.email} />
                </ListItem>
                <ListItem>
                  <ListItemText primary={t('signup.phone')} secondary={personal.phone} />
                </ListItem>
                <ListItem>
                  <ListItemText primary={t('signup.companyName')} secondary={company.companyName} />
                </ListItem>
              </List>
              <WizardButtons
                onBack={() => setStep(1)}
                nextLabel={t('signup.submit')}
                busy={signup.isPending}
                onNext={() => void submit()}
              />
            </Box>
          )}
        </>
      )}
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('signup.haveAccount')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
