import {
  CUSTOM_PLAN,
  type CurrentPlanDto,
  customPlanPrice,
  type InvoiceDto,
  SubscriptionBody,
  type SubscriptionDto,
} from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { useMoney } from '../../../shared/hooks/useMoney';
import { toast } from '../../../shared/toast';
import { CopyField } from '../../../shared/ui/CopyField';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { useSubscribe } from '../hooks/useBilling';

/** Step 0's fields (seed 001 §5: the full name and the tax id — sent as `zipcode` — are required). */
const DataSchema = SubscriptionBody.pick({
  firstName: true,
  lastName: true,
  zipcode: true,
  address2: true,
  city: true,
  state: true,
});
type DataForm = z.input<typeof DataSchema>;

type Choice = { kind: 'current' } | { kind: 'custom'; users: number; connections: number };

/** The checkout steps (seed 001 §2): Dados (0), Personalizar (1), Revisar (2); then the payment screen. */
export const CHECKOUT_STEPS = ['data', 'customize', 'review'] as const;

function Counter({ label, value, onChange }: { label: string; value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography sx={{ minWidth: 110 }}>{label}</Typography>
      <IconButton
        aria-label={`${t('billing.checkout.less')} ${label}`}
        onClick={() => onChange(Math.max(3, value - 1))}
        disabled={value <= 3}
      >
        <RemoveIcon />
      </IconButton>
      <Typography aria-label={label} sx={{ minWidth: 24, textAlign: 'center', fontWeight: 600 }}>
        {value}
      </Typography>
      <IconButton aria-label={`${t('billing.checkout.more')} ${label}`} onClick={() => onChange(value + 1)}>
        <AddIcon />
      </IconButton>
    </Stack>
  );
}

export function PaymentScreen({ result, renewedUntil }: { result: SubscriptionDto; renewedUntil?: string | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const url = result.stripeURL ?? result.mercadopagoURL ?? result.asaasURL;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="payment-screen">
      <Typography variant="h6">{t('billing.payment.title', { value: money(result.valorext) })}</Typography>
      {result.qrcode ? (
        <>
          <Typography>{t('billing.payment.pixHint')}</Typography>
          {result.qrcode.imagemQrcode ? (
            <Box
              component="img"
              src={result.qrcode.imagemQrcode}
              alt={t('billing.payment.qrAlt')}
              sx={{ width: 250, height: 250 }}
            />
          ) : (
            <QRCodeSVG value={result.qrcode.qrcode} size={250} aria-label={t('billing.payment.qrAlt')} role="img" />
          )}
          <CopyField label={t('billing.payment.copyPaste')} value={result.qrcode.qrcode} testId="pix-copy-paste" />
        </>
      ) : url ? (
        <>
          <Typography>{t('billing.payment.urlHint')}</Typography>
          <Button variant="contained" href={url} target="_blank" rel="noopener noreferrer">
            {t(`billing.payment.open.${result.provider}`)}
          </Button>
        </>
      ) : null}
      {renewedUntil ? (
        <Alert severity="success" sx={{ width: '100%' }}>
          {t('billing.renewed', { date: renewedUntil })}
        </Alert>
      ) : (
        <Alert severity="info" sx={{ width: '100%' }}>
          {t('billing.payment.waiting')}
        </Alert>
      )}
    </Stack>
  );
}

export interface CheckoutDialogProps {
  open: boolean;
  invoice: InvoiceDto | null;
  plan: CurrentPlanDto | null;
  /** The new due date (formatted) once the payment is confirmed. */
  renewedUntil?: string | null;
  onClose: () => void;
}

/**
 * The checkout wizard (seed 001 §2, §5, §9). It opens on Personalizar with the company's plan; choosing a plan moves to
 * Revisar; PAGAR there sends POST /subscription — with Dados incomplete it goes back to Dados with the messages.
 */
export function CheckoutDialog({ open, invoice, plan, renewedUntil, onClose }: CheckoutDialogProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const [step, setStep] = useState(1);
  const [choice, setChoice] = useState<Choice>({ kind: 'current' });
  const [custom, setCustom] = useState<{ users: number; connections: number }>({
    users: CUSTOM_PLAN.minUsers,
    connections: CUSTOM_PLAN.minConnections,
  });
  const [result, setResult] = useState<SubscriptionDto | null>(null);
  const subscribe = useSubscribe();
  const form = useForm<DataForm>({
    resolver: zodResolver(DataSchema),
    defaultValues: { firstName: '', lastName: '', zipcode: '', address2: '', city: '', state: '' },
  });
  const { register, formState, trigger, getValues, setError } = form;
  const [revalidate, setRevalidate] = useState(false);
  useEffect(() => {
    if (step !== 0 || !revalidate) return;
    setRevalidate(false);
    void trigger();
  }, [step, revalidate, trigger]);

  const planName = plan?.plano?.name ?? t('billing.checkout.defaultPlan');
  const price = choice.kind === 'custom' ? customPlanPrice(choice.users, choice.connections, plan?.plano) : (invoice?.value ?? 0);

  const close = () => {
    setStep(1);
    setChoice({ kind: 'current' });
    setResult(null);
    form.reset();
    onClose();
  };

  const pay = async () => {
    if (!invoice) return;
    if (!DataSchema.safeParse(getValues()).success) {
      // Dados is not on screen: go back to it and show its messages once its fields are mounted
      setStep(0);
      setRevalidate(true);
      return;
    }
    try {
      const data = getValues();
      const body = {
        ...data,
        invoiceId: invoice.id,
        plan: choice.kind === 'custom' ? 'custom' : planName,
        price,
        ...(choice.kind === 'custom' ? { users: choice.users, connections: choice.connections } : {}),
      };
      setResult(await subscribe.mutateAsync(body));
      toast.success(t('billing.subscribed'));
    } catch (err) {
      if (applyFieldErrors(err, setError)) setStep(0);
      else toastError(err);
    }
  };

  const next = async () => {
    if (step === 0) {
      if (await trigger()) setStep(1);
      return;
    }
    if (step === 1) setStep(2);
    else void pay();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="checkout-title">
      <DialogTitle id="checkout-title">{t('billing.checkout.title', { id: invoice?.id ?? '' })}</DialogTitle>
      <DialogContent>
        {result ? (
          <PaymentScreen result={result} renewedUntil={renewedUntil} />
        ) : (
          <>
            <Stepper activeStep={step} sx={{ mb: 3 }}>
              {CHECKOUT_STEPS.map((s, i) => (
                // Dados shows done only once filled (the wizard opens past it)
                <Step key={s} completed={i < step && (i !== 0 || DataSchema.safeParse(getValues()).success)}>
                  <StepLabel>{t(`billing.checkout.steps.${s}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            {step === 0 ? (
              <Box component="form" noValidate onSubmit={(e) => e.preventDefault()}>
                <Stack spacing={2}>
                  <FormTextField
                    name="firstName"
                    register={register}
                    errors={formState.errors}
                    label={t('billing.checkout.fullName')}
                    required
                    fullWidth
                    autoFocus
                  />
                  <FormTextField
                    name="zipcode"
                    register={register}
                    errors={formState.errors}
                    label={t('billing.checkout.taxId')}
                    required
                    fullWidth
                  />
                  <FormTextField
                    name="address2"
                    register={register}
                    errors={formState.errors}
                    label={t('billing.checkout.address')}
                    fullWidth
                  />
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <FormTextField
                      name="city"
                      register={register}
                      errors={formState.errors}
                      label={t('billing.checkout.city')}
                      fullWidth
                    />
                    <FormTextField
                      name="state"
                      register={register}
                      errors={formState.errors}
                      label={t('billing.checkout.state')}
                      fullWidth
                    />
                  </Stack>
                </Stack>
              </Box>
            ) : null}
            {step === 1 ? (
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <Card variant="outlined" sx={{ flex: 1, borderColor: choice.kind === 'current' ? 'primary.main' : undefined }}>
                  <CardActionArea
                    onClick={() => {
                      setChoice({ kind: 'current' });
                      setStep(2);
                    }}
                    aria-label={t('billing.checkout.chooseCurrent', { plan: planName })}
                  >
                    <CardContent>
                      <Typography variant="overline">{t('billing.checkout.currentPlan')}</Typography>
                      <Typography variant="h6">{planName}</Typography>
                      <Typography>
                        {t('billing.checkout.limits', {
                          users: invoice?.users ?? 0,
                          connections: invoice?.connections ?? 0,
                          queues: invoice?.queues ?? 0,
                        })}
                      </Typography>
                      <Typography variant="h5" sx={{ mt: 1 }}>
                        {money(invoice?.value ?? 0)}
                        <Typography component="span" variant="body2">
                          {' '}
                          {t('billing.checkout.perMonth')}
                        </Typography>
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
                <Card variant="outlined" sx={{ flex: 1, borderColor: choice.kind === 'custom' ? 'primary.main' : undefined }}>
                  <CardContent>
                    <Typography variant="overline">{t('billing.checkout.customPlan')}</Typography>
                    <Counter
                      label={t('billing.checkout.users')}
                      value={custom.users}
                      onChange={(users) => setCustom((c) => ({ ...c, users }))}
                    />
                    <Counter
                      label={t('billing.checkout.connections')}
                      value={custom.connections}
                      onChange={(connections) => setCustom((c) => ({ ...c, connections }))}
                    />
                    <Typography variant="h5" sx={{ mt: 1 }} data-testid="custom-price">
                      {money(customPlanPrice(custom.users, custom.connections, plan?.plano))}
                      <Typography component="span" variant="body2">
                        {' '}
                        {t('billing.checkout.perMonth')}
                      </Typography>
                    </Typography>
                    <Button
                      sx={{ mt: 1 }}
                      variant="outlined"
                      onClick={() => {
                        setChoice({ kind: 'custom', ...custom });
                        setStep(2);
                      }}
                    >
                      {t('billing.checkout.chooseCustom')}
                    </Button>
                  </CardContent>
                </Card>
              </Stack>
            ) : null}
            {step === 2 ? (
              <Stack spacing={1} data-testid="checkout-review">
                <Typography variant="h6">{t('billing.checkout.reviewTitle')}</Typography>
                <Typography>
                  {t('billing.checkout.plan')}: {choice.kind === 'custom' ? t('billing.checkout.customPlan') : planName}
                </Typography>
                {choice.kind === 'custom' ? (
                  <Typography>
                    {t('billing.checkout.limits', {
                      users: choice.users,
                      connections: choice.connections,
                      queues: invoice?.queues ?? 0,
                    })}
                  </Typography>
                ) : null}
                <Typography>
                  {t('billing.checkout.payer')}:{' '}
                  {[getValues('firstName'), getValues('lastName')].filter(Boolean).join(' ') || '—'}
                </Typography>
                <Typography variant="h5">
                  {t('billing.checkout.total')}: {money(price)}
                </Typography>
              </Stack>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button onClick={close}>{t('billing.checkout.close')}</Button>
        ) : (
          <>
            <Button onClick={close}>{t('billing.checkout.cancel')}</Button>
            <Button onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
              {t('billing.checkout.back')}
            </Button>
            <Button variant="contained" onClick={() => void next()} disabled={subscribe.isPending}>
              {step === 2 ? t('billing.checkout.pay') : t('billing.checkout.next')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
