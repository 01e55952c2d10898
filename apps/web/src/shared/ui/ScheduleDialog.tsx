import {
  renderedTemplateText,
  renderMessageTemplate,
  SCHEDULE_BODY_MIN,
  SCHEDULE_DEFAULT_DELAY_MS,
  SCHEDULE_IMAGE_MAX_BYTES,
  SCHEDULE_IMAGE_TYPES,
  SCHEDULE_INTERVAL_UNITS,
  type TemplateSendBody,
} from '@atendo/shared';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ImageIcon from '@mui/icons-material/Image';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../api/errors';
import { formatDateTime, fromZonedInput, toZonedInput } from '../clock';
import { useConnections } from '../data/connections/useConnections';
import type { ContactOption } from '../data/contacts/useContacts';
import { type Schedule, useDeleteSchedule, useSaveSchedule, useWaitingSchedules } from '../data/schedules/useSchedules';
import { useCustomerWindow } from '../data/tickets/useTemplates';
import { useClock } from '../hooks/useClock';
import { toast } from '../toast';
import { ConfirmationDialog } from './ConfirmationDialog';
import { ContactPicker } from './ContactPicker';
import { usePlaceholdersHelp } from './placeholders';
import { TemplateChooserDialog } from './TemplateChooserDialog';

export type { Schedule };
export { useDeleteSchedule };

interface FormErrors {
  body?: string;
  sendAt?: string;
  contactIds?: string;
}
const FORM_FIELDS = ['body', 'sendAt', 'contactIds'] as const;

/** The modal's own checks, the same as the server's (seed 000 §5). */
export function checkSchedule(v: { body: string; sendAt: string; contacts: unknown[] }): FormErrors {
  const e: FormErrors = {};
  const body = v.body.trim();
  if (!body) e.body = 'validation.required';
  else if (body.length < SCHEDULE_BODY_MIN) e.body = 'validation.scheduleBodyShort';
  if (!v.sendAt || Number.isNaN(new Date(v.sendAt).getTime())) e.sendAt = 'validation.required';
  if (v.contacts.length === 0) e.contactIds = 'validation.selectContact';
  return e;
}

/** The attachment the seed allows (png, jpg or jpeg) and its size; null when it is fine. */
export function checkScheduleImage(file: { type: string; size: number }): string | null {
  if (!(SCHEDULE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'validation.scheduleImageType';
  if (file.size > SCHEDULE_IMAGE_MAX_BYTES) return 'errors.ERR_FILE_TOO_LARGE';
  return null;
}

/** A whole number from 1 to 1000 (the repetition's interval and count). */
function CountField({ label, value, onChange }: { label: string; value: number; onChange: (v: number) => void }) {
  return (
    <TextField
      type="number"
      label={label}
      value={value}
      onChange={(e) => onChange(Math.max(1, Math.min(1000, Number(e.target.value) || 1)))}
      margin="dense"
      sx={{ flex: '1 1 100px' }}
      slotProps={{ htmlInput: { min: 1, max: 1000 } }}
    />
  );
}

/**
 * The schedule modal (seed 000 §2, seed 002 §2.6): from a ticket, its contact chosen (more may be added); from the
 * calendar, any contacts — or one schedule to edit (its contact fixed, saved with PUT). The text, the time (now + 1
 * hour by default), an optional repetition and the weekend rule; below, the contact's schedules still waiting, each
 * removable after a confirmation.
 */
export function ScheduleDialog({
  open,
  onClose,
  contact,
  schedule,
  ticketId = null,
  whatsappId = null,
  queueId = null,
  at,
}: {
  open: boolean;
  onClose: () => void;
  contact?: ContactOption | null;
  /** Edit this one instead of creating. */
  schedule?: Schedule | null;
  ticketId?: number | null;
  whatsappId?: number | null;
  queueId?: number | null;
  /** A new schedule's time (a day or slot picked on the calendar); an hour from now otherwise. */
  at?: Date;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const fixed = schedule?.contact ?? null;
  const [contacts, setContacts] = useState<ContactOption[]>(() => (fixed ? [fixed] : contact ? [contact] : []));
  const [body, setBody] = useState(schedule?.body ?? '');
  const help = usePlaceholdersHelp();
  const [sendAt, setSendAt] = useState(() =>
    // the field reads the company's wall clock, not the browser's
    toZonedInput(clock, schedule ? schedule.sendAt : (at ?? Date.now() + SCHEDULE_DEFAULT_DELAY_MS)),
  );
  const [unit, setUnit] = useState<number | ''>(schedule?.intervalUnit ?? '');
  const [every, setEvery] = useState(schedule?.intervalValue ?? 1);
  const [times, setTimes] = useState(schedule && schedule.repeatCount > 1 ? schedule.repeatCount : 2);
  const [businessDays, setBusinessDays] = useState<4 | 5 | 6>((schedule?.businessDays as 4 | 5 | 6 | undefined) ?? 4);
  // the waiting list is of one contact: the ticket's, the edited schedule's, or the only one chosen
  const listed = fixed ?? contact ?? (contacts.length === 1 ? contacts[0] : null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [image, setImage] = useState<File | null>(null);
  const [dropImage, setDropImage] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const pickImage = (file: File | undefined) => {
    if (!file) return;
    const problem = checkScheduleImage(file);
    setImageError(problem);
    if (!problem) setImage(file);
  };
  const imageName = image?.name ?? (dropImage ? null : (schedule?.mediaName ?? null));
  const [removing, setRemoving] = useState<Schedule | null>(null);
  const waiting = useWaitingSchedules(listed?.id ?? null, open);
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  // Issue 36: on a Cloud API connection a customer who has not written in the 24 hours before the send receives only
  // an approved template; from a ticket the form knows when the window closes and says so for the chosen time.
  // From the calendar (no ticket, no connection) the sender may choose the connection it goes through.
  const [chosenConnection, setChosenConnection] = useState<number | null>(null);
  const choosable = !schedule && whatsappId === null;
  const connectionId = schedule ? schedule.whatsappId : (whatsappId ?? chosenConnection);
  const connections = useConnections(open && (Boolean(connectionId) || choosable));
  const cloud = (connections.data ?? []).find((c) => c.id === connectionId)?.channel === 'whatsappapi';
  const fromTicket = schedule ? schedule.ticketId : ticketId;
  const customerWindow = useCustomerWindow(fromTicket ?? 0, open && cloud && Boolean(fromTicket));
  const closesAt = customerWindow.data?.closesAt ? new Date(customerWindow.data.closesAt).getTime() : null;
  const sendTime = (fromZonedInput(clock, sendAt) ?? new Date(sendAt)).getTime();
  const closedAtSend = Boolean(fromTicket) && customerWindow.isSuccess && (closesAt === null || closesAt <= sendTime);
  const [template, setTemplate] = useState<TemplateSendBody | null>(schedule?.template ?? null);
  const [choosing, setChoosing] = useState(false);

  const submit = () => {
    const found = checkSchedule({ body, sendAt, contacts });
    setErrors(found);
    if (Object.keys(found).length) return;
    const saved = () => {
      toast.success(t('tickets.schedule.saved'));
      setBody('');
      onClose();
    };
    const refused = (err: unknown) => {
      const next: FormErrors = {};
      const placed = applyFieldErrors<FormErrors>(
        err,
        (path, e) => {
          next[path as keyof FormErrors] = e.message;
        },
        FORM_FIELDS,
      );
      if (placed) setErrors(next);
      else toastError(err);
    };
    const payload = {
      body: body.trim(),
      sendAt: fromZonedInput(clock, sendAt) ?? new Date(sendAt),
      contactIds: contacts.map((c) => c.id),
      ticketId: schedule ? schedule.ticketId : ticketId,
      whatsappId: connectionId,
      queueId: schedule ? schedule.queueId : queueId,
      intervalUnit: unit === '' ? null : (unit as 1 | 2 | 3 | 4),
      intervalValue: every,
      repeatCount: unit === '' ? 1 : times,
      businessDays,
      template: cloud ? template : null,
    };
    save.mutate({ schedule: schedule ?? null, body: payload, image, dropImage }, { onSuccess: saved, onError: refused });
  };

  const when = (iso: string | Date) => formatDateTime(clock, iso);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-title">
      <DialogTitle id="schedule-title">{schedule ? t('tickets.schedule.editTitle') : t('tickets.schedule.title')}</DialogTitle>
      <DialogContent>
        <ContactPicker
          multiple
          disabled={Boolean(schedule)}
          margin="dense"
          label={t('tickets.schedule.contacts')}
          value={contacts}
          onChange={(v) => {
            setContacts(v);
            setErrors((e) => ({ ...e, contactIds: undefined }));
          }}
          error={errors.contactIds ? t(errors.contactIds) : null}
        />
        <TextField
          label={t('tickets.schedule.body')}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            setErrors((prev) => ({ ...prev, body: undefined }));
          }}
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          autoFocus={Boolean(contact || schedule)}
          error={Boolean(errors.body)}
          helperText={errors.body ? t(errors.body) : help}
        />
        {choosable && (connections.data ?? []).length > 0 ? (
          <TextField
            select
            fullWidth
            margin="dense"
            label={t('tickets.schedule.connection')}
            value={chosenConnection ?? ''}
            onChange={(e) => {
              setChosenConnection(e.target.value === '' ? null : Number(e.target.value));
              setTemplate(null);
            }}
            helperText={t('tickets.schedule.connectionHelp')}
          >
            <MenuItem value="">{t('tickets.schedule.connectionDefault')}</MenuItem>
            {(connections.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {cloud && connectionId ? (
          <Box data-testid="schedule-template" sx={{ my: 1 }}>
            {template ? (
              <Alert
                severity="success"
                action={
                  <Button color="inherit" size="small" onClick={() => setTemplate(null)}>
                    {t('tickets.schedule.removeTemplate')}
                  </Button>
                }
              >
                {t('tickets.schedule.templateChosen', { name: template.name })}
              </Alert>
            ) : (
              <Alert
                severity={closedAtSend ? 'warning' : 'info'}
                action={
                  <Button color="inherit" size="small" onClick={() => setChoosing(true)}>
                    {t('tickets.schedule.useTemplate')}
                  </Button>
                }
              >
                {closedAtSend ? t('tickets.schedule.windowClosedAtSend') : t('tickets.schedule.windowUnknown')}
              </Alert>
            )}
            <TemplateChooserDialog
              open={choosing}
              onClose={() => setChoosing(false)}
              whatsappId={connectionId}
              title={t('tickets.schedule.template')}
              confirm={t('tickets.schedule.useTemplate')}
              initial={template}
              suggestions={contacts.length === 1 ? [{ label: t('templates.fill.contactName'), value: contacts[0].name }] : []}
              onChoose={(choice, picked) => {
                setTemplate(choice);
                // the schedule lists what the customer will see
                setBody(renderedTemplateText(renderMessageTemplate(picked, choice.parameters)));
                setErrors((prev) => ({ ...prev, body: undefined }));
              }}
            />
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            label={t('tickets.schedule.sendAt')}
            type="datetime-local"
            value={sendAt}
            onChange={(e) => {
              setSendAt(e.target.value);
              setErrors((prev) => ({ ...prev, sendAt: undefined }));
            }}
            margin="dense"
            sx={{ flex: '1 1 200px' }}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(errors.sendAt)}
            helperText={errors.sendAt ? t(errors.sendAt) : ' '}
          />
          <TextField
            select
            label={t('tickets.schedule.weekend')}
            value={businessDays}
            onChange={(e) => setBusinessDays(Number(e.target.value) as 4 | 5 | 6)}
            margin="dense"
            sx={{ flex: '1 1 200px' }}
            helperText=" "
          >
            {([4, 5, 6] as const).map((v) => (
              <MenuItem key={v} value={v}>
                {t(`tickets.schedule.businessDays.${v}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            label={t('tickets.schedule.repeat')}
            value={unit}
            onChange={(e) => setUnit(e.target.value === '' ? '' : Number(e.target.value))}
            margin="dense"
            sx={{ flex: '1 1 160px' }}
          >
            <MenuItem value="">{t('tickets.schedule.once')}</MenuItem>
            {SCHEDULE_INTERVAL_UNITS.map((u) => (
              <MenuItem key={u} value={u}>
                {t(`tickets.schedule.units.${u}`)}
              </MenuItem>
            ))}
          </TextField>
          {unit !== '' ? (
            <>
              <CountField label={t('tickets.schedule.every')} value={every} onChange={setEvery} />
              <CountField label={t('tickets.schedule.times')} value={times} onChange={setTimes} />
            </>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Button component="label" size="small" variant="outlined" startIcon={<ImageIcon />}>
            {t('tickets.schedule.attach')}
            <input
              hidden
              type="file"
              accept={SCHEDULE_IMAGE_TYPES.join(',')}
              data-testid="schedule-image"
              onChange={(e) => {
                pickImage(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {imageName ? (
            <Chip
              size="small"
              label={imageName}
              onDelete={() => {
                setImage(null);
                setDropImage(true);
              }}
              deleteIcon={<CloseIcon aria-label={t('tickets.schedule.removeImage')} />}
            />
          ) : (
            <Typography variant="caption" color={imageError ? 'error' : 'text.secondary'}>
              {imageError ? t(imageError) : t('tickets.schedule.imageHint')}
            </Typography>
          )}
        </Box>
        {listed ? (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2">{t('tickets.schedule.waiting', { name: listed.name })}</Typography>
            {waiting.data?.schedules.filter((s) => s.id !== schedule?.id).length ? (
              <List dense data-testid="schedules-waiting">
                {waiting.data.schedules
                  .filter((s) => s.id !== schedule?.id)
                  .map((s) => (
                    <ListItem
                      key={s.id}
                      secondaryAction={
                        <IconButton edge="end" aria-label={t('tickets.schedule.delete')} onClick={() => setRemoving(s)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      }
                    >
                      <ListItemText
                        primary={s.body}
                        secondary={`${when(s.sendAt)}${s.intervalUnit ? ` · ${t('tickets.schedule.repeats', { count: s.repeatCount - s.sentCount })}` : ''}`}
                        slotProps={{ primary: { noWrap: true } }}
                      />
                    </ListItem>
                  ))}
              </List>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                {waiting.isLoading ? t('common.loading') : t('tickets.schedule.none')}
              </Typography>
            )}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending} onClick={submit}>
          {schedule ? t('common.save') : t('tickets.schedule.confirm')}
        </Button>
      </DialogActions>
      <ConfirmationDialog
        open={Boolean(removing)}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
        }}
        title={t('tickets.schedule.deleteTitle')}
        busy={remove.isPending}
      >
        {removing ? `${when(removing.sendAt)} — ${removing.body}` : ''}
      </ConfirmationDialog>
    </Dialog>
  );
}
