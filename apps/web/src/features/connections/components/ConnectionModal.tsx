import {
  CONNECTION_TOKEN_LENGTH,
  CreateWhatsappBody,
  defaultSchedules,
  isMaskedSecret,
  type ScheduleRowDto,
  UpdateWhatsappBody,
  V,
} from '@atendo/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  InputAdornment,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { toast } from '../../../shared/toast';
import { CopyField } from '../../../shared/ui/CopyField';
import { Loading } from '../../../shared/ui/Loading';
import { SchedulesForm } from '../../queues/components/SchedulesForm';
import { useQueues } from '../../queues/hooks/useQueues';
import {
  type Connection,
  type ConnectionBody,
  useCompanySetting,
  useConnection,
  useConnectionTargets,
  useGreetingMedia,
  useSaveConnection,
  useSessionAction,
} from '../hooks/useConnections';

export type NewChannel = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram';
type TabName = 'general' | 'integrations' | 'messages' | 'chatbot' | 'assessments' | 'schedules';

/** The form as the inputs hold it: text for numbers and dates; converted and checked by the shared schema on submit. */
interface Form {
  name: string;
  isDefault: boolean;
  token: string;
  queueIds: number[];
  groupAsTicket: boolean;
  allowGroup: boolean;
  timeCreateNewTicket: string;
  importOn: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | '';
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  promptId: number | '';
  useIntegration: boolean;
  integrationId: number | '';
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  collectiveVacationMessage: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  expiresTicket: string;
  whenExpiresTicket: '0' | '1';
  expiresInactiveMessage: string;
  timeInactiveMessage: string;
  inactiveMessage: string;
  timeSendQueue: string;
  sendIdQueue: number | '';
  ratingMessage: string;
  maxUseBotQueuesNPS: string;
  expiresTicketNPS: string;
}

const EMPTY: Form = {
  name: '',
  isDefault: false,
  token: '',
  queueIds: [],
  groupAsTicket: false,
  allowGroup: false,
  timeCreateNewTicket: '0',
  importOn: false,
  importOldMessages: '',
  importRecentMessages: '',
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  queueIdImportMessages: '',
  phoneNumberId: '',
  businessAccountId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  promptId: '',
  useIntegration: false,
  integrationId: '',
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  collectiveVacationStart: '',
  collectiveVacationEnd: '',
  collectiveVacationMessage: '',
  maxUseBotQueues: '3',
  timeUseBotQueues: '0',
  expiresTicket: '0',
  whenExpiresTicket: '0',
  expiresInactiveMessage: '',
  timeInactiveMessage: '',
  inactiveMessage: '',
  timeSendQueue: '',
  sendIdQueue: '',
  ratingMessage: '',
  maxUseBotQueuesNPS: '3',
  expiresTicketNPS: '',
};

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

function fromConnection(c: Connection): Form {
  return {
    name: c.name,
    isDefault: c.isDefault,
    token: c.token,
    queueIds: c.queueIds,
    groupAsTicket: c.groupAsTicket === 'enabled',
    allowGroup: c.allowGroup,
    timeCreateNewTicket: String(c.timeCreateNewTicket),
    importOn: Boolean(c.importOldMessages),
    importOldMessages: day(c.importOldMessages),
    importRecentMessages: day(c.importRecentMessages),
    importOldMessagesGroups: c.importOldMessagesGroups,
    closedTicketsPostImported: c.closedTicketsPostImported,
    queueIdImportMessages: c.queueIdImportMessages ?? '',
    phoneNumberId: c.phoneNumberId ?? '',
    businessAccountId: c.businessAccountId ?? '',
    accessToken: c.accessToken ?? '',
    appSecret: c.appSecret ?? '',
    verifyToken: c.verifyToken ?? '',
    promptId: c.promptId ?? '',
    useIntegration: c.integrationId !== null,
    integrationId: c.integrationId ?? '',
    greetingMessage: c.greetingMessage,
    complationMessage: c.complationMessage,
    outOfHoursMessage: c.outOfHoursMessage,
    collectiveVacationStart: c.collectiveVacationStart ?? '',
    collectiveVacationEnd: c.collectiveVacationEnd ?? '',
    collectiveVacationMessage: c.collectiveVacationMessage,
    maxUseBotQueues: String(c.maxUseBotQueues),
    timeUseBotQueues: String(c.timeUseBotQueues),
    expiresTicket: String(c.expiresTicket),
    whenExpiresTicket: c.whenExpiresTicket === '1' ? '1' : '0',
    expiresInactiveMessage: c.expiresInactiveMessage,
    timeInactiveMessage: c.timeInactiveMessage ? String(c.timeInactiveMessage) : '',
    inactiveMessage: c.inactiveMessage,
    timeSendQueue: c.timeSendQueue ? String(c.timeSendQueue) : '',
    sendIdQueue: c.sendIdQueue ?? '',
    ratingMessage: c.ratingMessage,
    maxUseBotQueuesNPS: String(c.maxUseBotQueuesNPS),
    expiresTicketNPS: c.expiresTicketNPS ? String(c.expiresTicketNPS) : '',
  };
}

/** Which tab shows a field's error. */
const TAB_OF: Record<string, TabName> = {
  promptId: 'integrations',
  integrationId: 'integrations',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  collectiveVacationMessage: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  expiresTicket: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  timeInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  ratingMessage: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  expiresTicketNPS: 'assessments',
};

function randomToken() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(CONNECTION_TOKEN_LENGTH));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export interface ConnectionModalProps {
  open: boolean;
  connectionId: number | null;
  /** The channel of a new connection (from the add menu). */
  channel: NewChannel;
  onClose: () => void;
}

/** Seed 001 §2 "Connections page" edit modal, with every field and rule of seed 001 §5 "Connection form". */
export function ConnectionModal({ open, connectionId, channel: newChannel, onClose }: ConnectionModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { plan } = useCompanyPlan();
  const allowPrompts = plan?.useOpenAi !== false;
  const allowIntegrations = plan?.useIntegrations !== false;
  const scheduleType = useCompanySetting('scheduleType');
  const userRating = useCompanySetting('userRating') === 'enabled';
  const queues = useQueues();
  const targets = useConnectionTargets({ prompts: allowPrompts, integrations: allowIntegrations });
  const connection = useConnection(open ? connectionId : null);
  const save = useSaveConnection();
  const media = useGreetingMedia();
  const session = useSessionAction();
  const fileInput = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<TabName>('general');
  const [schedules, setSchedules] = useState<ScheduleRowDto[]>(defaultSchedules());
  // a new Cloud API connection: what Meta's webhook settings need, shown once
  const [created, setCreated] = useState<{ verifyToken: string; webhookUrl: string | null } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ defaultValues: EMPTY });

  const loaded = connectionId ? connection.data : null;
  const channel = (loaded?.channel ?? newChannel) as NewChannel;
  useEffect(() => {
    if (!open) return;
    setTab('general');
    setCreated(null);
    if (connectionId && !loaded) return;
    reset(loaded ? fromConnection(loaded) : { ...EMPTY, token: randomToken() });
    setSchedules(loaded?.schedules.length ? loaded.schedules : defaultSchedules());
  }, [open, connectionId, loaded, reset]);

  const showSchedules = scheduleType === 'connection';
  const importOn = watch('importOn');
  const useIntegration = watch('useIntegration');
  const queueOptions = queues.data ?? [];
  const msg = (m?: string) => (m ? t(m) : undefined);
  const num = (v: string) => (v.trim() === '' ? '' : Number(v));

  const onSubmit = handleSubmit(async (f) => {
    const body: ConnectionBody = {
      name: f.name,
      isDefault: f.isDefault,
      token: f.token,
      queueIds: f.queueIds,
      groupAsTicket: f.groupAsTicket ? 'enabled' : 'disabled',
      allowGroup: f.allowGroup,
      timeCreateNewTicket: num(f.timeCreateNewTicket) as number,
      promptId: allowPrompts && f.promptId !== '' ? f.promptId : null,
      // Seed 001 §5: with the integration off its selector is disabled and nothing is linked.
      integrationId: allowIntegrations && f.useIntegration && f.integrationId !== '' ? f.integrationId : null,
      greetingMessage: f.greetingMessage,
      complationMessage: f.complationMessage,
      outOfHoursMessage: f.outOfHoursMessage,
      collectiveVacationStart: f.collectiveVacationStart || null,
      collectiveVacationEnd: f.collectiveVacationEnd || null,
      collectiveVacationMessage: f.collectiveVacationMessage,
      maxUseBotQueues: num(f.maxUseBotQueues) as number,
      timeUseBotQueues: num(f.timeUseBotQueues) as number,
      expiresTicket: num(f.expiresTicket) as number,
      whenExpiresTicket: f.whenExpiresTicket,
      expiresInactiveMessage: f.expiresInactiveMessage,
      timeInactiveMessage: num(f.timeInactiveMessage) as number,
      inactiveMessage: f.inactiveMessage,
      // An empty timeSendQueue becomes 0 (seed 001 §5).
      timeSendQueue: num(f.timeSendQueue) as number,
      sendIdQueue: f.sendIdQueue === '' ? null : f.sendIdQueue,
      ratingMessage: f.ratingMessage,
      maxUseBotQueuesNPS: num(f.maxUseBotQueuesNPS) as number,
      expiresTicketNPS: num(f.expiresTicketNPS) as number,
      ...(showSchedules ? { schedules } : {}),
    };
    if (channel === 'whatsapp') {
      Object.assign(body, {
        importOldMessages: f.importOn ? f.importOldMessages || null : null,
        importRecentMessages: f.importOn ? f.importRecentMessages || null : null,
        importOldMessagesGroups: f.importOldMessagesGroups,
        closedTicketsPostImported: f.closedTicketsPostImported,
        queueIdImportMessages: f.importOn && f.queueIdImportMessages !== '' ? f.queueIdImportMessages : null,
      });
    }
    if (channel === 'whatsappapi') {
      Object.assign(body, {
        phoneNumberId: f.phoneNumberId.trim() || null,
        businessAccountId: f.businessAccountId.trim() || null,
        accessToken: f.accessToken,
        appSecret: f.appSecret,
        verifyToken: f.verifyToken,
      });
    }
    if (!connectionId) body.channel = channel;

    // The shared rules (seed 001 §5), checked here first with the same messages the server answers.
    const issues: { path: string; message: string }[] = [];
    const parsed = (connectionId ? UpdateWhatsappBody : CreateWhatsappBody).safeParse(body);
    if (!parsed.success) for (const i of parsed.error.issues) issues.push({ path: String(i.path[0]), message: i.message });
    if (userRating && !f.ratingMessage.trim()) issues.push({ path: 'ratingMessage', message: V.required });
    if ((userRating || f.ratingMessage.trim()) && !Number(f.expiresTicketNPS))
      issues.push({ path: 'expiresTicketNPS', message: V.required });
    if (f.importOn && !f.importOldMessages) issues.push({ path: 'importOldMessages', message: V.required });
    if (f.importOn && f.queueIdImportMessages === '') issues.push({ path: 'queueIdImportMessages', message: V.required });
    if (issues.length) {
      for (const i of issues) setError(i.path as keyof Form, { message: i.message });
      setTab(TAB_OF[issues[0].path] ?? 'general');
      if (issues.some((i) => i.path === 'expiresTicketNPS')) toast.error(t('connections.form.npsRequired'));
      if (issues.some((i) => i.path === 'sendIdQueue')) toast.error(t('connections.form.redirectQueueRequired'));
      return;
    }
    try {
      // Seed 001 §4: turning the import on for a connected session closes it first; it comes back through a new QR.
      const importing = channel === 'whatsapp' && f.importOn && !loaded?.importOldMessages;
      if (loaded && importing && loaded.status === 'CONNECTED')
        await session.mutateAsync({ id: loaded.id, action: 'disconnect' });
      const saved = await save.mutateAsync({ id: connectionId ?? undefined, values: body });
      toast.success(t('connections.saved'));
      if (!connectionId && saved.channel === 'whatsappapi' && saved.verifyToken && !saved.verifyToken.startsWith('••••')) {
        setCreated({ verifyToken: saved.verifyToken, webhookUrl: saved.webhookUrl });
        return;
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields?.length) {
        for (const fe of err.body.fields) setError(fe.path.split('.')[0] as keyof Form, { message: fe.message });
        setTab(TAB_OF[err.body.fields[0].path.split('.')[0]] ?? 'general');
      } else toastError(err);
    }
  });

  async function uploadGreeting(file: File | undefined) {
    if (!file || !loaded) return;
    try {
      await media.upload.mutateAsync({ id: loaded.id, file });
      toast.success(t('connections.form.mediaUploaded'));
    } catch (err) {
      toastError(err);
    }
  }

  const numberField = (name: keyof Form, label: string, helper?: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      fullWidth
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={msg(errors[name]?.message) ?? helper}
    />
  );
  const queueSelect = (name: 'sendIdQueue' | 'queueIdImportMessages', label: string, disabled = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          disabled={disabled}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
          error={Boolean(errors[name])}
          helperText={msg(errors[name]?.message)}
        >
          <MenuItem value="">{t('connections.form.none')}</MenuItem>
          {queueOptions.map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const switchField = (
    name:
      | 'isDefault'
      | 'groupAsTicket'
      | 'allowGroup'
      | 'importOn'
      | 'importOldMessagesGroups'
      | 'closedTicketsPostImported'
      | 'useIntegration',
    label: string,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          label={label}
        />
      )}
    />
  );

  const tabs: TabName[] = [
    'general',
    'integrations',
    'messages',
    'chatbot',
    'assessments',
    ...(showSchedules ? (['schedules'] as const) : []),
  ];
  const title = connectionId
    ? t('connections.edit')
    : t('connections.addChannel', { channel: t(`connections.channels.${channel}`) });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" sx={{ px: 2 }}>
          {tabs.map((name) => (
            <Tab key={name} value={name} label={t(`connections.tabs.${name}`)} />
          ))}
        </Tabs>
        <DialogContent dividers sx={{ minHeight: 440 }}>
          {created ? (
            <Stack spacing={2}>
              <Alert severity="success">{t('connections.form.verifyTokenOnce')}</Alert>
              {created.webhookUrl ? (
                <CopyField label={t('connections.form.webhookUrl')} value={created.webhookUrl} testId="created-webhook-url" />
              ) : null}
              <CopyField label={t('connections.form.verifyToken')} value={created.verifyToken} testId="created-verify-token" />
            </Stack>
          ) : connectionId && !loaded ? (
            <Loading />
          ) : (
            <>
              <Stack spacing={2} sx={{ display: tab === 'general' ? 'flex' : 'none' }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
                  <TextField
                    label={t('connections.form.name')}
                    fullWidth
                    autoFocus
                    {...register('name')}
                    error={Boolean(errors.name)}
                    helperText={msg(errors.name?.message)}
                  />
                  {switchField('isDefault', t('connections.form.isDefault'))}
                </Stack>
                <Controller
                  control={control}
                  name="queueIds"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('connections.form.queues')}
                      slotProps={{
                        select: {
                          multiple: true,
                          renderValue: (v) =>
                            (v as number[]).map((id) => queueOptions.find((q) => q.id === id)?.name ?? id).join(', '),
                        },
                      }}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value as unknown as number[])}
                    >
                      {queueOptions.map((q) => (
                        <MenuItem key={q.id} value={q.id}>
                          <Checkbox checked={field.value.includes(q.id)} size="small" />
                          <ListItemText primary={q.name} />
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <TextField
                  label={t('connections.form.token')}
                  {...register('token')}
                  error={Boolean(errors.token)}
                  helperText={msg(errors.token?.message) ?? t('connections.form.tokenHelp')}
                  slotProps={{
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <Tooltip title={t('connections.form.newToken')}>
                            <IconButton
                              aria-label={t('connections.form.newToken')}
                              onClick={() => setValue('token', randomToken())}
                            >
                              <AutorenewIcon />
                            </IconButton>
                          </Tooltip>
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                {channel === 'whatsappapi' && (
                  <Stack spacing={2}>
                    <Typography variant="subtitle2">{t('connections.form.cloudApi')}</Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                      <TextField
                        label={t('connections.form.phoneNumberId')}
                        fullWidth
                        {...register('phoneNumberId')}
                        error={Boolean(errors.phoneNumberId)}
                        helperText={msg(errors.phoneNumberId?.message)}
                      />
                      <TextField
                        label={t('connections.form.businessAccountId')}
                        fullWidth
                        {...register('businessAccountId')}
                        error={Boolean(errors.businessAccountId)}
                        helperText={msg(errors.businessAccountId?.message)}
                      />
                    </Stack>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                      <TextField
                        label={t('connections.form.accessToken')}
                        fullWidth
                        type={isMaskedSecret(watch('accessToken')) ? 'text' : 'password'}
                        {...register('accessToken')}
                      />
                      <TextField
                        label={t('connections.form.appSecret')}
                        fullWidth
                        type={isMaskedSecret(watch('appSecret')) ? 'text' : 'password'}
                        {...register('appSecret')}
                      />
                    </Stack>
                    <TextField
                      label={t('connections.form.verifyToken')}
                      {...register('verifyToken')}
                      helperText={t('connections.form.verifyTokenHelp')}
                    />
                    {loaded?.webhookUrl && <CopyField label={t('connections.form.webhookUrl')} value={loaded.webhookUrl} />}
                  </Stack>
                )}
                {channel === 'whatsapp' && (
                  <Stack spacing={1}>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                      {switchField('allowGroup', t('connections.form.allowGroup'))}
                      {switchField('groupAsTicket', t('connections.form.groupAsTicket'))}
                    </Stack>
                    {switchField('importOn', t('connections.form.importOn'))}
                    {importOn && (
                      <Stack spacing={2}>
                        <Alert severity="info">{t('connections.form.importHelp')}</Alert>
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                          <TextField
                            type="date"
                            label={t('connections.form.importOldMessages')}
                            fullWidth
                            slotProps={{ inputLabel: { shrink: true } }}
                            {...register('importOldMessages')}
                            error={Boolean(errors.importOldMessages)}
                            helperText={msg(errors.importOldMessages?.message) ?? t('connections.form.importOldHelp')}
                          />
                          <TextField
                            type="date"
                            label={t('connections.form.importRecentMessages')}
                            fullWidth
                            slotProps={{ inputLabel: { shrink: true } }}
                            {...register('importRecentMessages')}
                            error={Boolean(errors.importRecentMessages)}
                            helperText={msg(errors.importRecentMessages?.message)}
                          />
                        </Stack>
                        {queueSelect('queueIdImportMessages', t('connections.form.queueIdImportMessages'))}
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                          {switchField('importOldMessagesGroups', t('connections.form.importOldMessagesGroups'))}
                          {switchField('closedTicketsPostImported', t('connections.form.closedTicketsPostImported'))}
                        </Stack>
                      </Stack>
                    )}
                  </Stack>
                )}
                {numberField(
                  'timeCreateNewTicket',
                  t('connections.form.timeCreateNewTicket'),
                  t('connections.form.timeCreateNewTicketHelp'),
                )}
              </Stack>

              <Stack spacing={2} sx={{ display: tab === 'integrations' ? 'flex' : 'none' }}>
                {allowPrompts ? (
                  <Controller
                    control={control}
                    name="promptId"
                    render={({ field }) => (
                      <TextField
                        select
                        label={t('connections.form.prompt')}
                        value={field.value}
                        onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                      >
                        <MenuItem value="">{t('connections.form.none')}</MenuItem>
                        {targets.prompts.map((p) => (
                          <MenuItem key={p.id} value={p.id}>
                            {p.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                ) : (
                  <Alert severity="info">{t('connections.form.promptsOff')}</Alert>
                )}
                {allowIntegrations ? (
                  <>
                    {switchField('useIntegration', t('connections.form.useIntegration'))}
                    <Controller
                      control={control}
                      name="integrationId"
                      render={({ field }) => (
                        <TextField
                          select
                          label={t('connections.form.integration')}
                          disabled={!useIntegration}
                          value={useIntegration ? field.value : ''}
                          onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                        >
                          <MenuItem value="">{t('connections.form.none')}</MenuItem>
                          {targets.integrations.map((p) => (
                            <MenuItem key={p.id} value={p.id}>
                              {p.name}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                  </>
                ) : (
                  <Alert severity="info">{t('connections.form.integrationsOff')}</Alert>
                )}
              </Stack>

              <Stack spacing={2} sx={{ display: tab === 'messages' ? 'flex' : 'none' }}>
                <TextField
                  label={t('connections.form.greetingMessage')}
                  multiline
                  minRows={3}
                  {...register('greetingMessage')}
                  error={Boolean(errors.greetingMessage)}
                  helperText={msg(errors.greetingMessage?.message)}
                />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <input
                    ref={fileInput}
                    type="file"
                    hidden
                    aria-label={t('connections.form.greetingMedia')}
                    onChange={(e) => void uploadGreeting(e.target.files?.[0])}
                  />
                  <Button
                    size="small"
                    startIcon={<AttachFileIcon />}
                    disabled={!loaded || media.upload.isPending}
                    onClick={() => fileInput.current?.click()}
                  >
                    {t('connections.form.greetingMedia')}
                  </Button>
                  {!loaded && (
                    <Typography variant="caption" color="text.secondary">
                      {t('connections.form.mediaAfterSave')}
                    </Typography>
                  )}
                  {loaded?.greetingMediaAttachment && (
                    <>
                      <Typography variant="body2" data-testid="greeting-media">
                        {loaded.greetingMediaAttachment.split('/').pop()}
                      </Typography>
                      <IconButton
                        size="small"
                        aria-label={t('connections.form.removeMedia')}
                        onClick={() => media.remove.mutateAsync(loaded.id).catch(toastError)}
                      >
                        <DeleteOutlinedIcon fontSize="small" />
                      </IconButton>
                    </>
                  )}
                </Box>
                <TextField
                  label={t('connections.form.complationMessage')}
                  multiline
                  minRows={2}
                  {...register('complationMessage')}
                />
                <TextField
                  label={t('connections.form.outOfHoursMessage')}
                  multiline
                  minRows={2}
                  {...register('outOfHoursMessage')}
                />
                <Typography variant="subtitle2">{t('connections.form.vacation')}</Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    type="date"
                    label={t('connections.form.vacationStart')}
                    fullWidth
                    slotProps={{ inputLabel: { shrink: true } }}
                    {...register('collectiveVacationStart')}
                    error={Boolean(errors.collectiveVacationStart)}
                    helperText={msg(errors.collectiveVacationStart?.message)}
                  />
                  <TextField
                    type="date"
                    label={t('connections.form.vacationEnd')}
                    fullWidth
                    slotProps={{ inputLabel: { shrink: true } }}
                    {...register('collectiveVacationEnd')}
                    error={Boolean(errors.collectiveVacationEnd)}
                    helperText={msg(errors.collectiveVacationEnd?.message)}
                  />
                </Stack>
                <TextField
                  label={t('connections.form.vacationMessage')}
                  multiline
                  minRows={2}
                  {...register('collectiveVacationMessage')}
                />
              </Stack>

              <Stack spacing={2} sx={{ display: tab === 'chatbot' ? 'flex' : 'none' }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {numberField('maxUseBotQueues', t('connections.form.maxUseBotQueues'))}
                  {numberField('timeUseBotQueues', t('connections.form.timeUseBotQueues'))}
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {numberField('expiresTicket', t('connections.form.expiresTicket'))}
                  <Controller
                    control={control}
                    name="whenExpiresTicket"
                    render={({ field }) => (
                      <TextField select fullWidth label={t('connections.form.whenExpiresTicket')} {...field}>
                        <MenuItem value="0">{t('connections.form.whenExpires0')}</MenuItem>
                        <MenuItem value="1">{t('connections.form.whenExpires1')}</MenuItem>
                      </TextField>
                    )}
                  />
                </Stack>
                <TextField
                  label={t('connections.form.expiresInactiveMessage')}
                  multiline
                  minRows={2}
                  {...register('expiresInactiveMessage')}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {numberField('timeInactiveMessage', t('connections.form.timeInactiveMessage'))}
                </Stack>
                <TextField label={t('connections.form.inactiveMessage')} multiline minRows={2} {...register('inactiveMessage')} />
                <Typography variant="subtitle2">{t('connections.form.redirect')}</Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {numberField('timeSendQueue', t('connections.form.timeSendQueue'))}
                  {queueSelect('sendIdQueue', t('connections.form.sendIdQueue'))}
                </Stack>
              </Stack>

              <Stack spacing={2} sx={{ display: tab === 'assessments' ? 'flex' : 'none' }}>
                {userRating && <Alert severity="info">{t('connections.form.ratingOn')}</Alert>}
                <TextField
                  label={t('connections.form.ratingMessage')}
                  multiline
                  minRows={3}
                  {...register('ratingMessage')}
                  error={Boolean(errors.ratingMessage)}
                  helperText={msg(errors.ratingMessage?.message) ?? t('connections.form.ratingHelp')}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {numberField('maxUseBotQueuesNPS', t('connections.form.maxUseBotQueuesNPS'))}
                  {numberField('expiresTicketNPS', t('connections.form.expiresTicketNPS'))}
                </Stack>
              </Stack>

              {showSchedules && (
                <Box sx={{ display: tab === 'schedules' ? 'block' : 'none' }}>
                  <SchedulesForm value={schedules} onChange={setSchedules} />
                </Box>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{created ? t('common.close') : t('common.cancel')}</Button>
          {!created && (
            <Button type="submit" variant="contained" disabled={isSubmitting || Boolean(connectionId && !loaded)}>
              {t('common.save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
