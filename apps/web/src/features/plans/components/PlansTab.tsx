import { DEFAULT_TRIAL_DAYS, PLAN_FLAGS, PlanBody, type PlanBodyInput, type PlanDto, type PlanFlag } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDeletePlan, usePlans, useSavePlan } from '../../../shared/data/plans/usePlans';
import { useMoney } from '../../../shared/hooks/useMoney';
import { FormOverTableList, useFormOverTable } from '../../../shared/ui/FormOverTable';
import { FormTextField } from '../../../shared/ui/FormTextField';
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
  const money = useMoney();
  const plans = usePlans();
  const { form, fields, editing, select, onSubmit, buttons } = useFormOverTable<Form, PlanDto>({
    ns: 'plans',
    empty: EMPTY,
    resolver: zodResolver(PlanBody) as never,
    toForm,
    save: useSavePlan(),
    remove: useDeletePlan(),
  });
  const { control } = form;

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
        {buttons}
      </Paper>

      <FormOverTableList
        ns="plans"
        query={plans}
        selectedId={editing?.id}
        onSelect={select}
        columns={[
          { key: 'name', header: t('plans.fields.name'), render: (p) => p.name },
          { key: 'users', header: t('plans.fields.users'), render: (p) => p.users || '∞' },
          { key: 'connections', header: t('plans.fields.connections'), render: (p) => p.connections || '∞' },
          { key: 'queues', header: t('plans.fields.queues'), render: (p) => p.queues || '∞' },
          {
            key: 'amount',
            header: t('plans.fields.amount'),
            render: (p) => planPriceLabel(p.amount, t('plans.perMonth'), t('plans.ask'), money),
          },
          { key: 'isPublic', header: t('plans.fields.isPublic'), render: (p) => (p.isPublic ? t('plans.yes') : t('plans.no')) },
          { key: 'trialDays', header: t('plans.fields.trialDays'), render: (p) => p.trialDays },
        ]}
      />
    </Stack>
  );
}
