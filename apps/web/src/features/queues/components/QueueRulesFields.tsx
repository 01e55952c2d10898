import { ASSIGNMENT_MODES, type AssignmentMode, ROTATION_MINUTES_OPTIONS } from '@atendo/shared';
import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/ui/FormTextField';
import type { QueueForm } from './QueueDialog';

export const SLA_FIELDS = ['slaFirstResponseMinutes', 'slaNextResponseMinutes', 'slaResolutionMinutes'] as const;

/**
 * Who takes the queue's tickets and how fast (issues 33 items 1–2): the assignment rule and capacity, the seeds'
 * rotation (the rule's delayed least-busy, only while the rule is off — decision 100) and the SLA targets.
 */
export function QueueRulesFields({
  control,
  register,
  errors,
}: {
  control: Control<QueueForm>;
  register: UseFormRegister<QueueForm>;
  errors: FieldErrors<QueueForm>;
}) {
  const { t } = useTranslation();
  const fields = { register, errors };
  const ruleOn = useWatch({ control, name: 'assignmentMode' }) !== 'off';
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="assignmentMode"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('queues.assignment.mode')}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value as AssignmentMode)}
              helperText={t(`queues.assignment.help.${field.value}`)}
              sx={{ minWidth: 220, flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'queue-assignment-mode' } }}
            >
              {ASSIGNMENT_MODES.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`queues.assignment.modes.${m}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          {...fields}
          name="assignmentCapacity"
          label={t('queues.assignment.capacity')}
          helperText={t('queues.assignment.capacityHelp')}
          size="small"
          inputMode="numeric"
          sx={{ minWidth: 200, flex: 1 }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="ativarRoteador"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('queues.rotation')}
              disabled={ruleOn}
            />
          )}
        />
        <Controller
          control={control}
          name="tempoRoteador"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('queues.rotationTime')}
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              sx={{ minWidth: 180 }}
              disabled={ruleOn}
              helperText={t(ruleOn ? 'queues.rotationRuleOn' : 'queues.rotationHelp')}
            >
              <MenuItem value={0}>{t('queues.rotationUnset')}</MenuItem>
              {ROTATION_MINUTES_OPTIONS.map((m) => (
                <MenuItem key={m} value={m}>
                  {t('queues.minutes', { count: m })}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      <Typography variant="subtitle2" sx={{ mb: -1 }}>
        {t('queues.sla.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        {SLA_FIELDS.map((name) => (
          <FormTextField
            key={name}
            {...fields}
            name={name}
            label={t(`queues.sla.${name}`)}
            helperText={t('queues.sla.minutesHelp')}
            size="small"
            inputMode="numeric"
            sx={{ minWidth: 160, flex: 1 }}
          />
        ))}
      </Stack>
      <Controller
        control={control}
        name="slaBusinessHours"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('queues.sla.businessHours')}
          />
        )}
      />
    </>
  );
}
