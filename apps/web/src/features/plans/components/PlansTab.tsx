import { DEFAULT_TRIAL_DAYS, PLAN_FLAGS, PlanBody, type PlanBodyInput, type PlanDto, type PlanFlag } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, errorMessage } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { LoadError } from '../../../shared/ui/LoadError';
import { Loading } from '../../../shared/ui/Loading';
import { useDeletePlan, usePlans, useSavePlan } from '../hooks/usePlans';
import { planPriceLabel } from './planFormat';

type Form = Omit<PlanBodyInput, 'amount' | 'isPublic'> & { amount: string; isPublic: 'true' | 'false' };

const EMPTY: Form = {
  name: '',
  users: 0,
  connections: 0,
  queues: 0,
  amount: '',
  isPublic: 'true',
  trialDays: DEFAULT_TRIAL_DAYS,
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<PlanFlag, boolean>),
};

const toForm = (p: PlanDto): Form => ({
  ...p,
  amount: p.amount ? p.amount.toFixed(2).replace('.', ',') : '',
  isPublic: p.isPublic ? 'true' : 'false',
});

/** Settings tab "plans" (super admin, seed 001 "Plans and helps"): a form over the plan table; a row click edits. */
export function PlansTab() {
  const { t } = useTranslation();
  const plans = usePlans();
  const save = useSavePlan();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<PlanDto | null>(null);
  const [confirming, setConfirming] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ defaultValues: EMPTY, resolver: zodResolver(PlanBody) as never });
  const fields = { register, errors };

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const clear = () => {
    setEditing(null);
    reset(EMPTY);
  };
  const select = (p: PlanDto) => {
    setEditing(p);
    reset(toForm(p));
  };

  const onSubmit = handleSubmit(async (v) => {
    try {
      // The resolver hands over the parsed body (isPublic a boolean, amount a number).
      await save.mutateAsync({ id: editing?.id, body: v as unknown as PlanBodyInput });
      toast.success(t('plans.saved'));
      // Seed 001: the form resets 0.5 s after a submit.
      resetTimer.current = setTimeout(clear, 500);
    } catch (err) {
      if (!applyFieldErrors(err, setError, Object.keys(EMPTY))) toast.error(`${t('plans.saveFailed')} (${errorMessage(err)})`);
    }
  });

  const onDelete = async () => {
    if (!editing) return;
    try {
      await remove.mutateAsync(editing.id);
      toast.success(t('plans.saved'));
      clear();
    } catch (err) {
      toast.error(`${t('plans.deleteFailed')} (${errorMessage(err)})`);
    }
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={onSubmit} noValidate aria-label={t('plans.form')}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
          {editing ? t('plans.editTitle', { name: editing.name }) : t('plans.newTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          <FormTextField {...fields} name="name" label={t('plans.fields.name')} required />
          <FormTextField
            {...fields}
            name="users"
            type="number"
            label={t('plans.fields.users')}
            helperText={t('plans.unlimitedHint')}
          />
          <FormTextField
            {...fields}
            name="connections"
            type="number"
            label={t('plans.fields.connections')}
            helperText={t('plans.unlimitedHint')}
          />
          <FormTextField
            {...fields}
            name="queues"
            type="number"
            label={t('plans.fields.queues')}
            helperText={t('plans.unlimitedHint')}
          />
          <FormTextField
            {...fields}
            name="amount"
            label={t('plans.fields.amount')}
            placeholder="0,00"
            helperText={t('plans.amountHint')}
          />
          <Controller
            control={control}
            name="isPublic"
            render={({ field }) => (
              <TextField select label={t('plans.fields.isPublic')} {...field}>
                <MenuItem value="true">{t('plans.yes')}</MenuItem>
                <MenuItem value="false">{t('plans.no')}</MenuItem>
              </TextField>
            )}
          />
          <FormTextField {...fields} name="trialDays" type="number" label={t('plans.fields.trialDays')} />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' }, mt: 2 }}>
          {PLAN_FLAGS.map((flag) => (
            <Controller
              key={flag}
              control={control}
              name={flag}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value !== false} onChange={(_, c) => field.onChange(c)} />}
                  label={t(`plans.flags.${flag}`)}
                />
              )}
            />
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={clear}>{t('plans.clear')}</Button>
          {editing?.id ? (
            <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
              {t('plans.delete')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('plans.save')}
          </Button>
        </Stack>
      </Paper>

      {plans.isLoading ? (
        <Loading />
      ) : plans.isError ? (
        <Box>
          <Typography color="error" sx={{ mb: 1 }}>
            {t('plans.loadFailed')}
          </Typography>
          <LoadError compact error={plans.error} onRetry={() => void plans.refetch()} />
        </Box>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('plans.table')}>
            <TableHead>
              <TableRow>
                {['name', 'users', 'connections', 'queues', 'amount', 'isPublic', 'trialDays'].map((k) => (
                  <TableCell key={k} sx={{ fontWeight: 600 }}>
                    {t(`plans.fields.${k}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(plans.data ?? []).map((p) => (
                <TableRow
                  key={p.id}
                  hover
                  selected={editing?.id === p.id}
                  onClick={() => select(p)}
                  sx={{ cursor: 'pointer' }}
                  tabIndex={0}
                  onKeyDown={(e) => e.key === 'Enter' && select(p)}
                >
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{p.users || '∞'}</TableCell>
                  <TableCell>{p.connections || '∞'}</TableCell>
                  <TableCell>{p.queues || '∞'}</TableCell>
                  <TableCell>{planPriceLabel(p.amount, t('plans.perMonth'), t('plans.ask'))}</TableCell>
                  <TableCell>{p.isPublic ? t('plans.yes') : t('plans.no')}</TableCell>
                  <TableCell>{p.trialDays}</TableCell>
                </TableRow>
              ))}
              {plans.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                    {t('plans.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmationDialog open={confirming} onClose={() => setConfirming(false)} onConfirm={onDelete} />
    </Stack>
  );
}
