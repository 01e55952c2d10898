import { type CompanyDto, CreateCompanyBody, RECURRENCE_VALUES, type Recurrence, UpdateCompanyBody } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Box, Button, IconButton, InputAdornment, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, failureMessage } from '../../../shared/api/errors';
import { usePlans } from '../../../shared/data/plans/usePlans';
import { toast } from '../../../shared/toast';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { useSaveCompany } from '../hooks/useCompanies';
import { addRecurrence } from '../utils/companyRow';

interface Form {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
  status: 'true' | 'false';
  document: string;
  dueDate: string;
  recurrence: Recurrence;
  paymentMethod: string;
  numberAttendants: string;
  numberConections: string;
}

const EMPTY: Form = {
  name: '',
  email: '',
  phone: '',
  password: '',
  planId: '',
  status: 'true',
  document: '',
  dueDate: '',
  recurrence: 'MENSAL',
  paymentMethod: '',
  numberAttendants: '1',
  numberConections: '1',
};

const PAYMENT_METHODS = ['pix', 'boleto', 'creditCard', 'transfer'] as const;

const toForm = (c: CompanyDto): Form => ({
  name: c.name,
  email: c.email ?? '',
  phone: c.phone ?? '',
  password: '',
  planId: c.planId ? String(c.planId) : '',
  status: c.status ? 'true' : 'false',
  document: c.document ?? '',
  dueDate: c.dueDate ? c.dueDate.slice(0, 10) : '',
  recurrence: (RECURRENCE_VALUES as string[]).includes(c.recurrence) ? (c.recurrence as Recurrence) : 'MENSAL',
  paymentMethod: c.paymentMethod ?? '',
  numberAttendants: String(c.numberAttendants),
  numberConections: String(c.numberConections),
});

/** The companies form (seed 001 §3, §5): a new company with its admin's password, or the selected one. */
export function CompanyForm({ editing, onDone }: { editing: CompanyDto | null; onDone: () => void }) {
  const { t } = useTranslation();
  const plans = usePlans();
  const save = useSaveCompany();
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Form>({
    defaultValues: EMPTY,
    resolver: zodResolver(editing ? UpdateCompanyBody : CreateCompanyBody) as never,
  });
  const fields = { register, errors };

  useEffect(() => {
    clearTimeout(resetTimer.current);
    reset(editing ? toForm(editing) : EMPTY);
  }, [editing, reset]);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: editing?.id, body: { ...v, dueDate: v.dueDate || null } });
      toast.success(t('companies.saved'));
      resetTimer.current = setTimeout(() => {
        reset(EMPTY);
        onDone();
      }, 500);
    } catch (err) {
      if (!applyFieldErrors(err, setError, Object.keys(EMPTY))) toast.error(failureMessage(t('companies.saveFailed'), err));
    }
  });

  const renew = () => setValue('dueDate', addRecurrence(getValues('dueDate'), getValues('recurrence')), { shouldDirty: true });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={onSubmit} noValidate aria-label={t('companies.form')}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
        {editing ? t('companies.editTitle', { name: editing.name }) : t('companies.newTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        <FormTextField {...fields} name="name" label={t('companies.fields.name')} required />
        <FormTextField {...fields} name="email" type="email" label={t('companies.fields.email')} required />
        <FormTextField {...fields} name="phone" label={t('companies.fields.phone')} />
        <FormTextField
          {...fields}
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('companies.fields.passwordDefault')}
          required={!editing}
          helperText={editing ? t('companies.passwordEditHint') : t('companies.passwordHint')}
        />
        <Controller
          control={control}
          name="planId"
          render={({ field }) => (
            <TextField
              select
              required
              label={t('companies.fields.plan')}
              {...field}
              error={Boolean(errors.planId)}
              helperText={errors.planId?.message ? t(errors.planId.message) : undefined}
            >
              {(plans.data ?? []).map((p) => (
                <MenuItem key={p.id} value={String(p.id)}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <TextField select label={t('companies.fields.status')} {...field}>
              <MenuItem value="true">{t('companies.yes')}</MenuItem>
              <MenuItem value="false">{t('companies.no')}</MenuItem>
            </TextField>
          )}
        />
        <FormTextField {...fields} name="document" label={t('companies.fields.document')} />
        <Controller
          control={control}
          name="paymentMethod"
          render={({ field }) => (
            <TextField select label={t('companies.fields.paymentMethod')} {...field}>
              <MenuItem value="">{t('companies.none')}</MenuItem>
              {PAYMENT_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`companies.paymentMethods.${m}`)}
                </MenuItem>
              ))}
              {field.value && !(PAYMENT_METHODS as readonly string[]).includes(field.value) && (
                <MenuItem value={field.value}>{field.value}</MenuItem>
              )}
            </TextField>
          )}
        />
        <FormTextField
          {...fields}
          name="dueDate"
          type="date"
          label={t('companies.fields.dueDate')}
          slotProps={{
            inputLabel: { shrink: true },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('companies.renew')}>
                    <IconButton aria-label={t('companies.renew')} onClick={renew} edge="end">
                      <EventRepeatIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <Controller
          control={control}
          name="recurrence"
          render={({ field }) => (
            <TextField select label={t('companies.fields.recurrence')} {...field}>
              {RECURRENCE_VALUES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`companies.recurrences.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField {...fields} name="numberAttendants" type="number" label={t('companies.fields.numberAttendants')} />
        <FormTextField {...fields} name="numberConections" type="number" label={t('companies.fields.numberConections')} />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            reset(EMPTY);
            onDone();
          }}
        >
          {t('companies.clear')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t('companies.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
