import { ASSIGNMENT_MODES, defaultSchedules, nameField, type ScheduleRowDto, SLA_MINUTES_MAX, V } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyFieldErrors, fieldErrorsUnder, toastError } from '../../../shared/api/errors';
import { useQueue, useQueues, useSaveQueue, useScheduleType, useTargets } from '../../../shared/data/queues/useQueues';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { Loading } from '../../../shared/ui/Loading';
import { usePlaceholdersHelp } from '../../../shared/ui/placeholders';
import { SchedulesForm, scheduleErrors } from '../../../shared/ui/SchedulesForm';
import { unusedColor } from '../utils/unusedColor';
import { ChatbotEditor, fromDrafts, type StepDraft, toDrafts, validateFlow } from './ChatbotEditor';
import { QueueRulesFields, SLA_FIELDS } from './QueueRulesFields';

/** Seed 001 §5 "Queue form"; the greeting and out-of-hours rules depend on the company, checked on submit. */
/** An SLA target in minutes: empty (none) or 1 up to a year. */
const slaMinutes = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= SLA_MINUTES_MAX), V.invalid);

const QueueForm = z.object({
  name: nameField(2, 50),
  color: z.string().trim().min(1, V.required).min(3, V.tooShort).max(9, V.tooLong),
  orderQueue: z.string().regex(/^\d*$/, V.invalid),
  greetingMessage: z.string().max(10_000, V.tooLong),
  outOfHoursMessage: z.string().max(10_000, V.tooLong),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number(),
  closeTicket: z.boolean(),
  integrationId: z.number().nullable(),
  fileListId: z.number().nullable(),
  promptId: z.number().nullable(),
  assignmentMode: z.enum(ASSIGNMENT_MODES),
  assignmentCapacity: z.string().regex(/^\d{0,4}$/, V.invalid),
  slaFirstResponseMinutes: slaMinutes,
  slaNextResponseMinutes: slaMinutes,
  slaResolutionMinutes: slaMinutes,
  slaBusinessHours: z.boolean(),
});
export type QueueForm = z.infer<typeof QueueForm>;

/** The SLA fields' text ('' = no target) and back. */
const slaText = (v: number | null) => (v === null ? '' : String(v));
const slaNumber = (v: string) => (v.trim() === '' ? null : Number(v));

const EMPTY: QueueForm = {
  name: '',
  color: '#2196f3',
  orderQueue: '',
  greetingMessage: '',
  outOfHoursMessage: '',
  ativarRoteador: false,
  tempoRoteador: 0,
  closeTicket: false,
  integrationId: null,
  fileListId: null,
  promptId: null,
  assignmentMode: 'off',
  assignmentCapacity: '0',
  slaFirstResponseMinutes: '',
  slaNextResponseMinutes: '',
  slaResolutionMinutes: '',
  slaBusinessHours: false,
};

export interface QueueDialogProps {
  open: boolean;
  /** null: a new queue. */
  queueId: number | null;
  onClose: () => void;
  /** After a create: the page reopens the new queue in edit mode (500 ms later). */
  onCreated?: (id: number) => void;
}

export function QueueDialog({ open, queueId, onClose, onCreated }: QueueDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { plan } = useCompanyPlan();
  const allowIntegration = plan?.useIntegrations !== false;
  const allowPrompt = plan?.useOpenAi !== false;
  const scheduleType = useScheduleType();
  const queues = useQueues();
  const queue = useQueue(open ? queueId : null);
  const targets = useTargets({ integrations: allowIntegration, prompts: allowPrompt });
  const save = useSaveQueue();
  const [tab, setTab] = useState<'data' | 'schedules'>('data');
  const [steps, setSteps] = useState<StepDraft[]>([]);
  const [flowErrors, setFlowErrors] = useState<Record<string, string>>({});
  const [schedules, setSchedules] = useState<ScheduleRowDto[]>(defaultSchedules());
  const [schedulesTouched, setSchedulesTouched] = useState(false);
  const [schedErrors, setSchedErrors] = useState<Record<string, string>>({});
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<QueueForm>({ resolver: zodResolver(QueueForm), defaultValues: EMPTY });
  const fields = { register, errors };
  const help = usePlaceholdersHelp();

  const loaded = queueId ? queue.data : null;
  // Read when the form is filled, not again on a refetch while typing.
  const queueList = useRef(queues.data);
  queueList.current = queues.data;
  /** The colour offered to a new queue, while the user keeps it. */
  const offeredColor = useRef('');
  // The fields mount only once the loaded values are in the form: an uncontrolled field filled after it mounted
  // keeps its label over the text (issue 16 item 11).
  const formKey = queueId ?? 'new';
  const [filledFor, setFilledFor] = useState<number | 'new' | null>(null);
  useEffect(() => {
    if (!open) {
      setFilledFor(null);
      return;
    }
    setTab('data');
    setFlowErrors({});
    setSchedErrors({});
    setSchedulesTouched(false);
    if (queueId && !loaded) {
      setFilledFor(null);
      return;
    }
    offeredColor.current = loaded ? '' : unusedColor((queueList.current ?? []).map((q) => q.color));
    reset(
      loaded
        ? {
            name: loaded.name,
            color: loaded.color,
            orderQueue: loaded.orderQueue === null ? '' : String(loaded.orderQueue),
            greetingMessage: loaded.greetingMessage,
            outOfHoursMessage: loaded.outOfHoursMessage,
            ativarRoteador: loaded.ativarRoteador,
            tempoRoteador: loaded.tempoRoteador,
            closeTicket: loaded.closeTicket,
            integrationId: loaded.integrationId,
            fileListId: loaded.fileListId,
            promptId: loaded.promptId,
            assignmentMode: loaded.assignmentMode,
            assignmentCapacity: String(loaded.assignmentCapacity),
            slaFirstResponseMinutes: slaText(loaded.slaFirstResponseMinutes),
            slaNextResponseMinutes: slaText(loaded.slaNextResponseMinutes),
            slaResolutionMinutes: slaText(loaded.slaResolutionMinutes),
            slaBusinessHours: loaded.slaBusinessHours,
          }
        : // A new queue is offered a colour no queue of the company uses (colours are unique per company).
          { ...EMPTY, color: offeredColor.current },
    );
    setSteps(toDrafts(loaded?.chatbots));
    setSchedules(loaded?.schedules.length ? loaded.schedules : defaultSchedules());
    setFilledFor(queueId ?? 'new');
  }, [open, queueId, loaded, reset]);

  // The form never waits for the queue list: when it arrives after the form was filled (or changes), a new queue's
  // colour the user has not touched moves to a free one.
  const queueColors = (queues.data ?? []).map((q) => q.color.toLowerCase()).join(',');
  useEffect(() => {
    if (!open || queueId || filledFor !== 'new' || !queueColors) return;
    const used = queueColors.split(',');
    const current = getValues('color');
    if (current === offeredColor.current && used.includes(current.toLowerCase())) {
      offeredColor.current = unusedColor(used);
      setValue('color', offeredColor.current);
    }
  }, [open, queueId, filledFor, queueColors, getValues, setValue]);

  const otherQueues = (queues.data ?? []).filter((q) => q.id !== queueId).length;
  const showSchedules = scheduleType === 'queue';

  const onSubmit = handleSubmit(async (values) => {
    // The company rules the server also checks, shown on the field before the round trip.
    if (otherQueues >= 1 && !values.greetingMessage.trim()) {
      setError('greetingMessage', { message: V.greetingRequired });
      return;
    }
    if (showSchedules && !values.outOfHoursMessage.trim()) {
      setError('outOfHoursMessage', { message: V.required });
      return;
    }
    const flowCheck = validateFlow(steps);
    setFlowErrors(flowCheck);
    if (Object.keys(flowCheck).length) {
      toast.error(t('queues.chatbot.fixErrors'));
      return;
    }
    const body = {
      ...values,
      orderQueue: values.orderQueue === '' ? null : Number(values.orderQueue),
      assignmentCapacity: Number(values.assignmentCapacity || 0),
      slaFirstResponseMinutes: slaNumber(values.slaFirstResponseMinutes),
      slaNextResponseMinutes: slaNumber(values.slaNextResponseMinutes),
      slaResolutionMinutes: slaNumber(values.slaResolutionMinutes),
      integrationId: allowIntegration ? values.integrationId : undefined,
      promptId: allowPrompt ? values.promptId : undefined,
      chatbots: fromDrafts(steps),
      ...(showSchedules ? { schedules } : {}),
    };
    try {
      const saved = await save.mutateAsync({ id: queueId ?? undefined, values: body });
      toast.success(t('queues.saved'));
      if (steps.length) toast.success(t('queues.chatbot.saved'));
      onClose();
      if (!queueId) onCreated?.(saved.id);
    } catch (err) {
      setFlowErrors(fieldErrorsUnder(err, 'chatbots.'));
      const sched = scheduleErrors(err);
      setSchedErrors(sched);
      if (Object.keys(sched).length) setTab('schedules');
      if (
        !applyFieldErrors(err, setError, [
          'name',
          'color',
          'greetingMessage',
          'outOfHoursMessage',
          'orderQueue',
          'tempoRoteador',
          'assignmentCapacity',
          ...SLA_FIELDS,
        ])
      ) {
        toastError(err);
      }
    }
  });

  const msg = (m?: string) => (m ? t(m) : undefined);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{queueId ? t('queues.edit') : t('queues.add')}</DialogTitle>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ px: 3 }}>
          <Tab value="data" label={t('queues.tabs.data')} />
          {showSchedules && <Tab value="schedules" label={t('queues.tabs.schedules')} />}
        </Tabs>
        <DialogContent dividers sx={{ minHeight: 420 }}>
          {filledFor !== formKey ? (
            <Loading />
          ) : (
            <>
              <Stack spacing={2} sx={{ display: tab === 'data' ? 'flex' : 'none' }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField {...fields} name="name" label={t('queues.name')} fullWidth autoFocus />
                  <Controller
                    control={control}
                    name="color"
                    render={({ field }) => (
                      <Stack direction="row" spacing={1} sx={{ minWidth: 200 }}>
                        <Box
                          component="input"
                          type="color"
                          aria-label={t('queues.pickColor')}
                          value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : '#000000'}
                          onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value)}
                          sx={{ width: 48, height: 40, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                        />
                        <TextField
                          label={t('queues.color')}
                          {...field}
                          error={Boolean(errors.color)}
                          helperText={msg(errors.color?.message)}
                        />
                      </Stack>
                    )}
                  />
                  <FormTextField
                    {...fields}
                    name="orderQueue"
                    label={t('queues.order')}
                    sx={{ minWidth: 110 }}
                    inputMode="numeric"
                  />
                </Stack>
                <FormTextField
                  {...fields}
                  name="greetingMessage"
                  label={t('queues.greetingMessage')}
                  helperText={help}
                  multiline
                  minRows={2}
                />
                {showSchedules && (
                  <FormTextField
                    {...fields}
                    name="outOfHoursMessage"
                    label={t('queues.outOfHoursMessage')}
                    helperText={help}
                    multiline
                    minRows={2}
                  />
                )}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
                  <Controller
                    control={control}
                    name="closeTicket"
                    render={({ field }) => (
                      <FormControlLabel
                        control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                        label={t('queues.closeTicket')}
                      />
                    )}
                  />
                </Stack>
                <QueueRulesFields control={control} register={register} errors={errors} />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {allowIntegration && (
                    <Controller
                      control={control}
                      name="integrationId"
                      render={({ field }) => (
                        <TextField
                          select
                          size="small"
                          fullWidth
                          label={t('queues.integration')}
                          value={field.value ?? ''}
                          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                        >
                          <MenuItem value="">{t('queues.none')}</MenuItem>
                          {targets.integrations.map((o) => (
                            <MenuItem key={o.id} value={o.id}>
                              {o.name}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                  )}
                  {allowPrompt && (
                    <Controller
                      control={control}
                      name="promptId"
                      render={({ field }) => (
                        <TextField
                          select
                          size="small"
                          fullWidth
                          label={t('queues.prompt')}
                          value={field.value ?? ''}
                          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                          slotProps={{ htmlInput: { 'data-testid': 'queue-prompt' } }}
                        >
                          <MenuItem value="">{t('queues.none')}</MenuItem>
                          {targets.prompts.map((o) => (
                            <MenuItem key={o.id} value={o.id}>
                              {o.name}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                  )}
                  <Controller
                    control={control}
                    name="fileListId"
                    render={({ field }) => (
                      <TextField
                        select
                        size="small"
                        fullWidth
                        label={t('queues.fileList')}
                        value={field.value ?? ''}
                        onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                      >
                        <MenuItem value="">{t('queues.none')}</MenuItem>
                        {targets.files.map((o) => (
                          <MenuItem key={o.id} value={o.id}>
                            {o.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </Stack>
                <Divider />
                <ChatbotEditor
                  steps={steps}
                  onChange={setSteps}
                  errors={flowErrors}
                  targets={{
                    queues: (queues.data ?? []).map((q) => ({ id: q.id, name: q.name })),
                    users: targets.users,
                    integrations: targets.integrations,
                    files: targets.files,
                    allowIntegration,
                  }}
                />
              </Stack>
              {showSchedules && (
                <Box sx={{ display: tab === 'schedules' ? 'block' : 'none' }}>
                  {schedulesTouched && (
                    <Alert severity="info" sx={{ mb: 1 }}>
                      {t('queues.schedules.clickSave')}
                    </Alert>
                  )}
                  <SchedulesForm
                    value={schedules}
                    errors={schedErrors}
                    onChange={(rows) => {
                      setSchedules(rows);
                      setSchedulesTouched(true);
                    }}
                  />
                </Box>
              )}
            </>
          )}
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting || Boolean(queueId && !loaded)} />
      </form>
    </Dialog>
  );
}
