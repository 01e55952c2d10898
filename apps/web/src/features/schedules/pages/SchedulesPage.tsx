import { DEBOUNCE_MS } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, CircularProgress, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Clock, formatCalendarDay, formatDateTime, formatTime, zonedParts, zonedTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { SearchField } from '../../../shared/ui/SearchField';
import { type ContactOption, useContact } from '../../contacts/hooks/useContacts';
import { ScheduleDialog } from '../components/ScheduleDialog';
import { type Schedule, useDeleteSchedule, useMonthSchedules, useScheduleEvents } from '../hooks/useSchedules';

/** Events listed in a day cell before '+N more'. */
const PER_DAY = 3;

/** The 6 weeks (Sunday first) that show a month. */
export function monthGrid(month: Date): Date[] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const start = new Date(first);
  start.setDate(1 - first.getDay());
  return Array.from({ length: 42 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i));
}

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

export const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** The calendar cell of an instant: its day on the company's clock (not the browser's). */
const zonedDayKey = (clock: Clock, at: string | Date) => {
  const p = zonedParts(new Date(at), clock.timeZone);
  return `${p.year}-${p.month - 1}-${p.day}`;
};

/** Midnight of a calendar day (plus `plusDays`) on the company's clock. */
const startOfDay = (clock: Clock, d: Date, plusDays = 0) =>
  zonedTime(clock.timeZone, { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() + plusDays });

/**
 * /schedules (seed 002 §2.6): a month calendar of the company's scheduled messages; each event at its sendAt with
 * edit and delete icons; '?contactId=' opens the new-schedule form for that contact; live through the `schedule`
 * event. The plan gate (useSchedules) is the route's.
 */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const clock = useClock();
  const [params, setParams] = useSearchParams();
  const thisMonth = () => {
    const now = zonedParts(new Date(), clock.timeZone);
    return new Date(now.year, now.month - 1, 1);
  };
  const [month, setMonth] = useState(thisMonth);
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), DEBOUNCE_MS);
  const [editing, setEditing] = useState<{ schedule: Schedule | null; contact: ContactOption | null } | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const remove = useDeleteSchedule();

  const days = useMemo(() => monthGrid(month), [month]);
  // the shown weeks, from the first midnight to the last, on the company's clock
  const from = useMemo(() => startOfDay(clock, days[0]), [clock, days]);
  const to = useMemo(() => new Date(startOfDay(clock, days[41], 1).getTime() - 1), [clock, days]);
  const schedules = useMonthSchedules(from, to, search);
  useScheduleEvents();

  // ?contactId=N opens the form for that contact, once
  const contactParam = Number(params.get('contactId'));
  const linked = useContact(Number.isInteger(contactParam) && contactParam > 0 ? contactParam : null);
  useEffect(() => {
    if (!linked.data) return;
    setEditing({ schedule: null, contact: { id: linked.data.id, name: linked.data.name, number: linked.data.number } });
    setParams({}, { replace: true });
  }, [linked.data, setParams]);

  const byDay = useMemo(() => {
    const map = new Map<string, Schedule[]>();
    for (const s of schedules.data ?? []) {
      const key = zonedDayKey(clock, s.sendAt);
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [schedules.data, clock]);

  const weekdays = useMemo(() => days.slice(0, 7).map((d) => formatCalendarDay(clock, d, { weekday: 'short' })), [days, clock]);
  const today = zonedDayKey(clock, new Date());
  const time = (iso: string) => formatTime(clock, iso);
  const shift = (n: number) => setMonth((m) => new Date(m.getFullYear(), m.getMonth() + n, 1));

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 160 }}>
          {t('schedulesPage.title')}
        </Typography>
        <SearchField
          size="small"
          type="search"
          label={t('schedulesPage.search')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ schedule: null, contact: null })}>
          {t('schedulesPage.add')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Tooltip title={t('schedulesPage.previous')}>
          <IconButton aria-label={t('schedulesPage.previous')} onClick={() => shift(-1)}>
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('schedulesPage.next')}>
          <IconButton aria-label={t('schedulesPage.next')} onClick={() => shift(1)}>
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
        <Button
          size="small"
          onClick={() => {
            setMonth(thisMonth());
          }}
        >
          {t('schedulesPage.today')}
        </Button>
        <Typography variant="h6" component="h2" data-testid="calendar-month">
          {capitalize(formatCalendarDay(clock, month, { month: 'long', year: 'numeric' }))}
        </Typography>
        {schedules.isFetching ? <CircularProgress size={18} /> : null}
      </Box>
      {schedules.data && schedules.data.length === 0 && !schedules.isFetching ? (
        <Typography color="text.secondary">{t('schedulesPage.empty')}</Typography>
      ) : null}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 480, display: 'flex', flexDirection: 'column', overflow: 'auto' }}>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(110px, 1fr))', borderBottom: 1, borderColor: 'divider' }}
        >
          {weekdays.map((w) => (
            <Typography
              key={w}
              variant="caption"
              sx={{ p: 0.5, textAlign: 'center', fontWeight: 600, textTransform: 'capitalize' }}
            >
              {w}
            </Typography>
          ))}
        </Box>
        <Box
          role="grid"
          aria-label={t('schedulesPage.title')}
          sx={{
            flex: 1,
            display: 'grid',
            gridTemplateColumns: 'repeat(7, minmax(110px, 1fr))',
            gridAutoRows: 'minmax(96px, 1fr)',
          }}
        >
          {days.map((d) => {
            const key = dayKey(d);
            const events = byDay.get(key) ?? [];
            const outside = d.getMonth() !== month.getMonth();
            return (
              <Box
                key={key}
                role="gridcell"
                aria-label={formatCalendarDay(clock, d, { dateStyle: 'full' })}
                data-testid="calendar-day"
                sx={(theme) => ({
                  borderRight: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  p: 0.5,
                  minWidth: 0,
                  bgcolor: outside ? alpha(theme.palette.text.primary, 0.03) : undefined,
                })}
              >
                <Typography
                  variant="caption"
                  sx={{
                    display: 'inline-block',
                    px: 0.75,
                    borderRadius: 8,
                    color: outside ? 'text.disabled' : 'text.secondary',
                    ...(key === today ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : {}),
                  }}
                >
                  {d.getDate()}
                </Typography>
                {events.slice(0, PER_DAY).map((s) => (
                  <Box
                    key={s.id}
                    data-testid="calendar-event"
                    sx={(theme) => ({
                      display: 'flex',
                      alignItems: 'center',
                      gap: 0.25,
                      mt: 0.25,
                      pl: 0.5,
                      borderRadius: 1,
                      bgcolor: alpha(
                        s.status === 'ERRO'
                          ? theme.palette.error.main
                          : s.status === 'ENVIADA'
                            ? theme.palette.success.main
                            : theme.palette.primary.main,
                        0.15,
                      ),
                    })}
                  >
                    <Tooltip
                      title={`${t(`schedulesPage.status.${s.status}`)} — ${s.body}${s.lastError ? ` (${t(`errors.${s.lastError}`, s.lastError)})` : ''}`}
                    >
                      <Typography variant="caption" noWrap sx={{ flex: 1, minWidth: 0 }}>
                        {time(s.sendAt)} {s.contact?.name ?? t('schedulesPage.noContact')}
                      </Typography>
                    </Tooltip>
                    <IconButton
                      size="small"
                      sx={{ p: 0.25 }}
                      aria-label={`${t('schedulesPage.edit')} ${s.contact?.name ?? ''}`}
                      onClick={() => setEditing({ schedule: s, contact: null })}
                    >
                      <EditIcon sx={{ fontSize: 14 }} />
                    </IconButton>
                    <IconButton
                      size="small"
                      sx={{ p: 0.25 }}
                      aria-label={`${t('schedulesPage.delete')} ${s.contact?.name ?? ''}`}
                      onClick={() => setDeleting(s)}
                    >
                      <DeleteOutlinedIcon sx={{ fontSize: 14 }} />
                    </IconButton>
                  </Box>
                ))}
                {events.length > PER_DAY ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('schedulesPage.more', { count: events.length - PER_DAY })}
                  </Typography>
                ) : null}
              </Box>
            );
          })}
        </Box>
      </Paper>
      {editing ? (
        <ScheduleDialog open schedule={editing.schedule} contact={editing.contact} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('tickets.schedule.deleteTitle')}
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
        }}
      >
        {deleting ? `${formatDateTime(clock, deleting.sendAt)} — ${deleting.contact?.name ?? ''}: ${deleting.body}` : ''}
      </ConfirmationDialog>
    </Box>
  );
}
