import { WEBHOOK_EVENT_TYPES, WebhookEndpointBody } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { CopyField } from '../../../shared/ui/CopyField';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { Loading } from '../../../shared/ui/Loading';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendWebhookDelivery,
  useSendTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
  useWebhookSecret,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../hooks/useWebhooks';

type Form = { url: string; events: string[] };
const FIELDS = ['url', 'events'] as const;

/** The add-endpoint dialog: a URL and at least one event (the shared schema, translated messages). */
export function WebhookFormDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const titleId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Form>({ resolver: zodResolver(WebhookEndpointBody) as never, defaultValues: { url: '', events: [] } });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    create.mutate(values as WebhookEndpointBody, {
      onSuccess: (created) => {
        toast.success(t('webhooks.created'));
        reset();
        onCreated(created.id);
      },
      onError: (err) => {
        if (!applyFieldErrors(err, setError, FIELDS)) toastError(err);
      },
    }),
  );
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('webhooks.add')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('webhooks.add')}>
        <DialogContent>
          <Stack spacing={2}>
            <FormTextField<Form>
              name="url"
              register={register}
              errors={errors}
              label={t('webhooks.url')}
              placeholder="https://"
              fullWidth
              autoFocus
              helperText={t('webhooks.urlHelp')}
            />
            <Controller
              name="events"
              control={control}
              render={({ field }) => (
                <FormControl error={Boolean(errors.events)} component="fieldset">
                  <FormLabel component="legend">{t('webhooks.events')}</FormLabel>
                  <FormGroup>
                    {WEBHOOK_EVENT_TYPES.map((type) => (
                      <FormControlLabel
                        key={type}
                        label={`${t(`webhooks.event.${type.replace('.', '_')}`)} (${type})`}
                        control={
                          <Checkbox
                            size="small"
                            checked={field.value.includes(type)}
                            onChange={(e) =>
                              field.onChange(e.target.checked ? [...field.value, type] : field.value.filter((v) => v !== type))
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {errors.events?.message && <FormHelperText>{t(errors.events.message)}</FormHelperText>}
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={close} busy={create.isPending} />
      </Box>
    </Dialog>
  );
}

function statusLabel(t: (k: string) => string, e: WebhookEndpoint) {
  if (e.active) return <Chip size="small" color="success" label={t('webhooks.status.active')} />;
  return (
    <Chip
      size="small"
      color={e.pausedReason === 'failures' ? 'error' : 'default'}
      label={t(e.pausedReason === 'failures' ? 'webhooks.status.pausedFailures' : 'webhooks.status.pausedAdmin')}
    />
  );
}

function SecretRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const secret = useWebhookSecret(endpoint.id, shown);
  return shown && secret.data ? (
    <CopyField label={t('webhooks.secret')} value={secret.data.secret} testId={`webhook-secret-${endpoint.id}`} />
  ) : (
    <Button size="small" onClick={() => setShown(true)}>
      {t('webhooks.showSecret')} (…{endpoint.secretHint})
    </Button>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const clock = useClock();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const log = useWebhookDeliveries(endpoint.id, page);
  const resend = useResendWebhookDelivery();
  const rows = log.data?.records ?? [];
  const statusColor = (d: WebhookDelivery) =>
    d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'error' : 'warning';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('webhooks.logOf', { url: endpoint.url })} component="section">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('webhooks.logOf', { url: endpoint.url })}
      </Typography>
      {log.isLoading ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('webhooks.noDeliveries')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('webhooks.when')}</TableCell>
              <TableCell>{t('webhooks.event.label')}</TableCell>
              <TableCell>{t('webhooks.deliveryStatus.label')}</TableCell>
              <TableCell>{t('webhooks.response')}</TableCell>
              <TableCell>{t('webhooks.duration')}</TableCell>
              <TableCell>{t('webhooks.attempts')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <Fragment key={d.id}>
                <TableRow data-testid={`webhook-delivery-${d.id}`}>
                  <TableCell>{formatDateTime(clock, d.lastAttemptAt ?? d.createdAt)}</TableCell>
                  <TableCell>{d.eventType}</TableCell>
                  <TableCell>
                    <Chip size="small" color={statusColor(d)} label={t(`webhooks.deliveryStatus.${d.status}`)} />
                  </TableCell>
                  <TableCell>{d.responseStatus ?? d.error ?? '—'}</TableCell>
                  <TableCell>{d.durationMs === null ? '—' : `${d.durationMs} ms`}</TableCell>
                  <TableCell>{d.attempts}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setOpen(open === d.id ? null : d.id)}>
                      {t(open === d.id ? 'webhooks.hideBody' : 'webhooks.showBody')}
                    </Button>
                    <Button
                      size="small"
                      disabled={!endpoint.active || resend.isPending}
                      onClick={() =>
                        resend.mutate(
                          { endpointId: endpoint.id, deliveryId: d.id },
                          { onSuccess: () => toast.success(t('webhooks.resent')) },
                        )
                      }
                    >
                      {t('webhooks.resend')}
                    </Button>
                  </TableCell>
                </TableRow>
                {open === d.id && (
                  <TableRow>
                    <TableCell colSpan={7}>
                      <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                        {d.body}
                      </Box>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      )}
      {(page > 1 || log.data?.hasMore) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('webhooks.newer')}
          </Button>
          <Button size="small" disabled={!log.data?.hasMore} onClick={() => setPage(page + 1)}>
            {t('webhooks.older')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * API → Webhooks (issue 32): the company's endpoints — URL, chosen events, secret, test event, pause / resume,
 * delete — and each endpoint's delivery log with resend. Admins on a plan with the external API (the route and the
 * server check both).
 */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTestWebhook();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const list = endpoints.data ?? [];
  const current = list.find((e) => e.id === selected) ?? null;

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {t('webhooks.title')}
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          {t('webhooks.add')}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t('webhooks.intro')}</Typography>
      {endpoints.isLoading ? (
        <Loading />
      ) : endpoints.isError ? (
        <Alert severity="error">{t('webhooks.loadError')}</Alert>
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>{t('webhooks.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label={t('webhooks.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('webhooks.url')}</TableCell>
                <TableCell>{t('webhooks.events')}</TableCell>
                <TableCell>{t('webhooks.status.label')}</TableCell>
                <TableCell>{t('webhooks.secret')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((e) => (
                <TableRow key={e.id} selected={e.id === selected} data-testid={`webhook-endpoint-${e.id}`}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{e.url}</TableCell>
                  <TableCell>{e.events.join(', ')}</TableCell>
                  <TableCell>{statusLabel(t, e)}</TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    <SecretRow endpoint={e} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setSelected(e.id)}>
                      {t('webhooks.log')}
                    </Button>
                    <Button
                      size="small"
                      disabled={!e.active || test.isPending}
                      onClick={() =>
                        test.mutate(e.id, {
                          onSuccess: () => {
                            setSelected(e.id);
                            toast.success(t('webhooks.testSent'));
                          },
                        })
                      }
                    >
                      {t('webhooks.test')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() =>
                        update.mutate({ id: e.id, body: { active: !e.active } }, { onError: (err) => toastError(err) })
                      }
                    >
                      {t(e.active ? 'webhooks.pause' : 'webhooks.resume')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(e)}>
                      {t('webhooks.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {current && <DeliveryLog key={current.id} endpoint={current} />}
      <WebhookFormDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false);
          setSelected(id);
        }}
      />
      <ConfirmationDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('webhooks.deleteTitle')}
        confirmLabel={t('webhooks.delete')}
        busy={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id).catch(() => undefined);
          if (selected === deleting.id) setSelected(null);
        }}
      >
        {t('webhooks.deleteConfirm', { url: deleting?.url ?? '' })}
      </ConfirmationDialog>
    </Stack>
  );
}
