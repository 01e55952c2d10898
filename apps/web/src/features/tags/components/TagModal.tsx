import { type TagDto, TagFormBody } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { useSaveTag, useTagList } from '../../../shared/data/tags/useTags';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { PLACEHOLDER_LIST } from '../../../shared/ui/placeholders';

interface Form {
  name: string;
  color: string;
  kanban: boolean;
  position: string | number | null;
  timeLane: string;
  greetingMessageLane: string;
  nextLaneId: number | '';
  rollbackLaneId: number | '';
}

const randomColor = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

/** The tag dialog of seed 002 §2.8 (also for kanban lanes): name ≥ 3, colour, kanban, position 0–15, lane fields. */
export function TagModal({
  open,
  tag,
  onClose,
  defaultKanban = false,
}: {
  open: boolean;
  tag: TagDto | null;
  onClose: () => void;
  /** A new tag starts as a kanban lane (the lane admin). */
  defaultKanban?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveTag();
  const plan = useCompanyPlan();
  const schema = TagFormBody.pick({ name: true, position: true, timeLane: true });
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(schema.passthrough()) as never });
  const fields = { register, errors };

  useEffect(() => {
    if (open)
      reset({
        name: tag?.name ?? '',
        color: tag?.color ?? randomColor(),
        kanban: tag ? tag.kanban === 1 : defaultKanban,
        position: tag ? String(tag.position) : '',
        timeLane: tag ? String(tag.timeLane) : '0',
        greetingMessageLane: tag?.greetingMessageLane ?? '',
        nextLaneId: tag?.nextLaneId ?? '',
        rollbackLaneId: tag?.rollbackLaneId ?? '',
      });
  }, [open, tag, reset, defaultKanban]);

  const kanban = watch('kanban');
  const lanes = useTagList({ kanban: true }, open && kanban);
  const otherLanes = (lanes.data ?? []).filter((l) => l.id !== tag?.id);
  const onSubmit = handleSubmit(async (v) => {
    const body = {
      name: v.name,
      color: v.color,
      kanban: v.kanban ? 1 : 0,
      position: v.position === '' || v.position === null || v.position === undefined ? null : Number(v.position),
      timeLane: Number(v.timeLane || 0),
      greetingMessageLane: v.greetingMessageLane,
      ...(v.kanban
        ? {
            nextLaneId: v.nextLaneId === '' || v.nextLaneId === undefined ? null : Number(v.nextLaneId),
            rollbackLaneId: v.rollbackLaneId === '' || v.rollbackLaneId === undefined ? null : Number(v.rollbackLaneId),
          }
        : {}),
    };
    try {
      await save.mutateAsync({ id: tag?.id, body });
      toast.success(t('tags.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['name', 'position', 'color', 'timeLane'])) toastError(err);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>
          {defaultKanban ? (tag ? t('tags.lanes.edit') : t('tags.lanes.add')) : tag ? t('tags.edit') : t('tags.add')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField {...fields} name="name" label={t('tags.fields.name')} autoFocus />
            <FormTextField {...fields} name="color" label={t('tags.fields.color')} type="color" />
            {plan.plan?.useKanban !== false ? (
              <Controller
                control={control}
                name="kanban"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(_, c) => field.onChange(c)} />}
                    label={t('tags.fields.kanban')}
                  />
                )}
              />
            ) : null}
            {kanban ? (
              <>
                <FormTextField {...fields} name="position" label={t('tags.fields.position')} type="number" />
                <FormTextField
                  {...fields}
                  name="timeLane"
                  label={t('tags.fields.timeLane')}
                  type="number"
                  helperText={t('tags.fields.timeLaneHelp')}
                  slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
                />
                <FormTextField
                  {...fields}
                  name="greetingMessageLane"
                  label={t('tags.fields.greetingMessageLane')}
                  multiline
                  minRows={2}
                  helperText={t('tags.fields.greetingHelp', { vars: PLACEHOLDER_LIST, interpolation: { escapeValue: false } })}
                />
                {(['nextLaneId', 'rollbackLaneId'] as const).map((name) => (
                  <Controller
                    key={name}
                    control={control}
                    name={name}
                    render={({ field }) => (
                      <TextField
                        select
                        label={t(`tags.fields.${name}`)}
                        value={field.value ?? ''}
                        onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                      >
                        <MenuItem value="">{t('tags.fields.noLane')}</MenuItem>
                        {otherLanes.map((l) => (
                          <MenuItem key={l.id} value={l.id}>
                            {l.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                ))}
              </>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
