import { connectionFormIssues, defaultSchedules, type ScheduleRowDto } from '@atendo/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { connectionKeys } from '../../../shared/data/connections/keys';
import {
  type Connection,
  useCompanySetting,
  useConnection,
  useConnectionTargets,
  useGreetingMedia,
  useSaveConnection,
  useSessionAction,
} from '../../../shared/data/connections/useConnections';
import { useQueues } from '../../../shared/data/queues/useQueues';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { toast } from '../../../shared/toast';
import {
  day,
  EMPTY,
  type Form,
  fromConnection,
  type NewChannel,
  randomToken,
  TAB_OF,
  type TabName,
  toBody,
} from '../utils/connectionForm';

const FORM_FIELDS = Object.keys(EMPTY);

/**
 * The connection modal's state (seed 001 §5 "Connection form"): the form, its tab, the service hours, what the
 * company's plan and settings allow, and the save — checked first with the shared rules the server applies.
 */
export function useConnectionForm({
  open,
  connectionId,
  channel: newChannel,
  onClose,
  onQrCode,
}: {
  open: boolean;
  connectionId: number | null;
  channel: NewChannel;
  onClose: () => void;
  /** The connection's session was closed for the message import: its new QR code is to be shown. */
  onQrCode?: (connectionId: number) => void;
}) {
  const { t } = useTranslation();
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
  const client = useQueryClient();
  const [tab, setTab] = useState<TabName>('general');
  const [schedules, setSchedules] = useState<ScheduleRowDto[]>(defaultSchedules());
  // a new Cloud API connection: what Meta's webhook settings need, shown once
  const [created, setCreated] = useState<{ verifyToken: string; webhookUrl: string | null } | null>(null);
  const form = useForm<Form>({ defaultValues: EMPTY });
  const { reset, setError, handleSubmit } = form;

  const loaded = connectionId ? (connection.data ?? null) : null;
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

  const onSubmit = handleSubmit(async (f) => {
    const body = toBody(f, {
      channel,
      isNew: !connectionId,
      allowPrompts,
      allowIntegrations,
      schedules: showSchedules ? schedules : undefined,
    });
    // The shared rules (seed 001 §5), checked here first with the same messages the server answers.
    const issues = connectionFormIssues(body, {
      update: Boolean(connectionId),
      userRating,
      importOn: channel === 'whatsapp' && f.importOn,
    });
    if (issues.length) {
      for (const i of issues) setError(i.path as keyof Form, { message: i.message });
      setTab(TAB_OF[issues[0].path] ?? 'general');
      if (issues.some((i) => i.path === 'expiresTicketNPS')) toast.error(t('connections.form.npsRequired'));
      if (issues.some((i) => i.path === 'sendIdQueue')) toast.error(t('connections.form.redirectQueueRequired'));
      return;
    }
    try {
      // Seed 001 §4: a connected session whose message import is turned on (or given other dates) is closed first, and
      // comes back through a new QR code (status qrcode at once), so the new session imports with the saved settings.
      const importChanged =
        !loaded?.importOldMessages ||
        day(loaded.importOldMessages) !== f.importOldMessages ||
        day(loaded.importRecentMessages) !== f.importRecentMessages;
      const reconnect = Boolean(loaded && channel === 'whatsapp' && f.importOn && importChanged && loaded.status === 'CONNECTED');
      if (loaded && reconnect) await session.mutateAsync({ id: loaded.id, action: 'disconnect' });
      const saved = await save.mutateAsync({ id: connectionId ?? undefined, values: body });
      toast.success(t('connections.saved'));
      if (loaded && reconnect) {
        await session.mutateAsync({ id: loaded.id, action: 'newQr' });
        client.setQueryData<Connection[]>(connectionKeys.list, (list) =>
          list?.map((c) => (c.id === loaded.id ? { ...c, status: 'qrcode' } : c)),
        );
        onClose();
        onQrCode?.(loaded.id);
        return;
      }
      if (!connectionId && saved.channel === 'whatsappapi' && saved.verifyToken && !saved.verifyToken.startsWith('••••')) {
        setCreated({ verifyToken: saved.verifyToken, webhookUrl: saved.webhookUrl });
        return;
      }
      onClose();
    } catch (err) {
      let first: string | null = null;
      const placed = applyFieldErrors<Form>(
        err,
        (path, e) => {
          first ??= path;
          setError(path, e);
        },
        FORM_FIELDS,
      );
      if (placed) setTab(TAB_OF[first ?? ''] ?? 'general');
      else toastError(err);
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

  return {
    form,
    tab,
    setTab,
    schedules,
    setSchedules,
    created,
    loaded,
    loading: Boolean(connectionId && !loaded),
    channel,
    showSchedules,
    allowPrompts,
    allowIntegrations,
    userRating,
    queueOptions: queues.data ?? [],
    targets,
    media,
    uploadGreeting,
    onSubmit,
  };
}

export type ConnectionForm = ReturnType<typeof useConnectionForm>;
