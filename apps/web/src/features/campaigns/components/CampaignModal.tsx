import { CampaignBody, type CampaignDto, type CampaignTemplate } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { type Clock, fromZonedInput, makeClock, toZonedInput } from '../../../shared/clock';
import { useConnections } from '../../../shared/data/connections/useConnections';
import { useContactListRefs } from '../../../shared/data/contact-lists/useContactLists';
import { useQueues } from '../../../shared/data/queues/useQueues';
import { useTagList } from '../../../shared/data/tags/useTags';
import { useUserList } from '../../../shared/data/users/useUsers';
import { useClock } from '../../../shared/hooks/useClock';
import { toast } from '../../../shared/toast';
import { AttachmentField } from '../../../shared/ui/AttachmentField';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { usePlaceholdersHelp } from '../../../shared/ui/placeholders';
import { useRemoveCampaignMedia, useSaveCampaign } from '../hooks/useCampaigns';
import { CampaignTemplateField } from './CampaignTemplateField';

const VARIANTS = [1, 2, 3, 4, 5] as const;

/** A date-only value (stored as UTC midnight of its day, decision 79): its calendar day in every zone. */
const dayInput = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString().slice(0, 10) : '');

/** The form's values; the schedule is on the company's wall clock, as the inbox and the schedules (issue 31 item 12). */
function defaults(r: CampaignDto | null, clock: Clock = makeClock(null, null)) {
  const v: Record<string, unknown> = {
    name: r?.name ?? '',
    confirmation: r?.confirmation ?? false,
    whatsappId: r?.whatsappId ?? '',
    contactListId: r?.contactListId ?? '',
    tagListId: r?.tagListId ?? '',
    userId: r?.userId ?? '',
    queueId: r?.queueId ?? '',
    statusTicket: r?.statusTicket ?? 'closed',
    openTicket: r?.openTicket ?? 'disabled',
    scheduledAt: toZonedInput(clock, r?.scheduledAt),
    isRecurrent: r?.isRecurrent ?? false,
    recurrenceInterval: r?.recurrenceInterval ?? 30,
    recurrenceCount: r?.recurrenceCount ?? 0,
    recurrenceEndDate: dayInput(r?.recurrenceEndDate),
    templates: VARIANTS.map((i) => r?.templates[i - 1] ?? null),
  };
  for (const i of VARIANTS) {
    v[`message${i}`] = r?.[`message${i}`] ?? '';
    v[`confirmationMessage${i}`] = r?.[`confirmationMessage${i}`] ?? '';
  }
  return v;
}

/** The campaign editor of seed 002 §2.3; read-only unless the campaign is editable (seed 002 §4). */
export function CampaignModal({ open, record, onClose }: { open: boolean; record: CampaignDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const help = usePlaceholdersHelp();
  const titleId = useId();
  const clock = useClock();
  const save = useSaveCampaign();
  const removeMedia = useRemoveCampaignMedia();
  const connections = useConnections(open);
  const lists = useContactListRefs();
  const tags = useTagList({ kanban: false }, open);
  const users = useUserList(open);
  const queues = useQueues(open);
  const [tab, setTab] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState<string | null>(null);
  const readOnly = Boolean(record && !record.editable);
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Record<string, unknown>>({ resolver: zodResolver(CampaignBody) as never });
  const fields = { register, errors };

  useEffect(() => {
    if (open) {
      reset(defaults(record, clock));
      setTab(0);
      setFile(null);
      setMediaName(record?.mediaName ?? null);
    }
  }, [open, record, reset, clock]);

  // a Cloud API connection: each variant may send an approved template (issue 36)
  const whatsappId = Number(watch('whatsappId')) || 0;
  const cloud = (connections.data ?? []).find((c) => c.id === whatsappId)?.channel === 'whatsappapi';

  const onSubmit = handleSubmit(async (v) => {
    // the typed wall-clock time is the company's, not the browser's (the resolver read it on the browser's clock)
    const typed = String(getValues('scheduledAt') ?? '');
    const scheduledAt = typed ? (fromZonedInput(clock, typed)?.toISOString() ?? typed) : '';
    try {
      // templates only go with a Cloud API connection (the picker is shown for one only)
      const templates = cloud ? v.templates : [];
      await save.mutateAsync({ id: record?.id, body: { ...v, scheduledAt, templates }, file });
      toast.success(t('campaigns.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, Object.keys(defaults(null)))) toastError(err);
    }
  });

  const select = (name: string, label: string, options: { id: number | string; name: string }[], empty = true) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          disabled={readOnly}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message ? t(String(errors[name]?.message)) : undefined}
          slotProps={{ htmlInput: { 'data-testid': `campaign-${name}` } }}
        >
          {empty ? <MenuItem value="">{t('campaigns.none')}</MenuItem> : null}
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const toggle = (name: string, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          disabled={readOnly}
          control={<Switch checked={Boolean(field.value)} onChange={(_, c) => field.onChange(c)} />}
          label={label}
        />
      )}
    />
  );
  const confirmation = Boolean(watch('confirmation'));
  const recurrent = Boolean(watch('isRecurrent'));

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{record ? t('campaigns.edit') : t('campaigns.add')}</DialogTitle>
        <DialogContent>
          {readOnly ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('campaigns.readOnly')}
            </Alert>
          ) : null}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, md: 8 }}>
              <FormTextField
                {...fields}
                name="name"
                label={t('campaigns.fields.name')}
                disabled={readOnly}
                size="small"
                fullWidth
                autoFocus
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>{toggle('confirmation', t('campaigns.fields.confirmation'))}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select(
                'whatsappId',
                t('campaigns.fields.whatsapp'),
                (connections.data ?? []).map((c) => ({ id: c.id, name: c.name })),
                false,
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select(
                'contactListId',
                t('campaigns.fields.contactList'),
                (lists.data ?? []).map((l) => ({ id: l.id, name: `${l.name} (${l.contactsCount})` })),
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>{select('tagListId', t('campaigns.fields.tag'), tags.data ?? [])}</Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              {select(
                'userId',
                t('campaigns.fields.user'),
                (users.data ?? []).map((u) => ({ id: u.id, name: u.name })),
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              {select(
                'queueId',
                t('campaigns.fields.queue'),
                (queues.data ?? []).map((q) => ({ id: q.id, name: q.name })),
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              {select(
                'openTicket',
                t('campaigns.fields.openTicket'),
                [
                  { id: 'enabled', name: t('campaigns.openTicket.enabled') },
                  { id: 'disabled', name: t('campaigns.openTicket.disabled') },
                ],
                false,
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              {select(
                'statusTicket',
                t('campaigns.fields.statusTicket'),
                (['closed', 'pending', 'open'] as const).map((s) => ({ id: s, name: t(`campaigns.statusTicket.${s}`) })),
                false,
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...register('scheduledAt')}
                type="datetime-local"
                size="small"
                fullWidth
                disabled={readOnly}
                label={t('campaigns.fields.scheduledAt')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <AttachmentField
                name={mediaName}
                disabled={readOnly}
                testId="campaign-file"
                labels={{
                  attach: t('campaigns.attach'),
                  none: t('campaigns.noAttachment'),
                  remove: t('campaigns.removeAttachment'),
                }}
                onPick={(f) => {
                  setFile(f);
                  setMediaName(f.name);
                }}
                onRemove={async () => {
                  if (file) setFile(null);
                  else if (record) await removeMedia.mutateAsync(record.id).catch(toastError);
                  setMediaName(null);
                }}
              />
            </Grid>
            <Grid size={12}>{toggle('isRecurrent', t('campaigns.fields.isRecurrent'))}</Grid>
            {recurrent ? (
              <>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormTextField
                    {...fields}
                    name="recurrenceInterval"
                    type="number"
                    size="small"
                    fullWidth
                    disabled={readOnly}
                    label={t('campaigns.fields.recurrenceInterval')}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <FormTextField
                    {...fields}
                    name="recurrenceCount"
                    type="number"
                    size="small"
                    fullWidth
                    disabled={readOnly}
                    label={t('campaigns.fields.recurrenceCount')}
                    helperText={t('campaigns.recurrenceCountHelp')}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <TextField
                    {...register('recurrenceEndDate')}
                    type="date"
                    size="small"
                    fullWidth
                    disabled={readOnly}
                    label={t('campaigns.fields.recurrenceEndDate')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Grid>
              </>
            ) : null}
            <Grid size={12}>
              <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable">
                {VARIANTS.map((i) => (
                  <Tab key={i} label={t('campaigns.variant', { n: i })} />
                ))}
              </Tabs>
              {VARIANTS.map((i, idx) => (
                <Box key={i} hidden={tab !== idx} sx={{ pt: 2, display: tab === idx ? 'grid' : 'none', gap: 2 }}>
                  <FormTextField
                    {...fields}
                    name={`message${i}`}
                    label={t('campaigns.fields.message', { n: i })}
                    disabled={readOnly}
                    multiline
                    minRows={4}
                    fullWidth
                    helperText={`${t('campaigns.variablesHelp')} ${help}`}
                  />
                  {cloud ? (
                    <Controller
                      control={control}
                      name="templates"
                      render={({ field }) => {
                        const list = (field.value ?? []) as (CampaignTemplate | null)[];
                        return (
                          <CampaignTemplateField
                            variant={i}
                            whatsappId={whatsappId}
                            disabled={readOnly}
                            value={list[i - 1] ?? null}
                            onChange={(v) => field.onChange(VARIANTS.map((n) => (n === i ? v : (list[n - 1] ?? null))))}
                          />
                        );
                      }}
                    />
                  ) : null}
                  {confirmation ? (
                    <FormTextField
                      {...fields}
                      name={`confirmationMessage${i}`}
                      label={t('campaigns.fields.confirmationMessage', { n: i })}
                      disabled={readOnly}
                      multiline
                      minRows={2}
                      fullWidth
                      helperText={help}
                    />
                  ) : null}
                </Box>
              ))}
            </Grid>
          </Grid>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting || readOnly} />
      </form>
    </Dialog>
  );
}
