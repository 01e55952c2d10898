import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/tr';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import {
  Calendar,
  type DateRange,
  dayjsLocalizer,
  type EventProps,
  type Formats,
  type Messages,
  type ToolbarProps,
  type View,
  Views,
} from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { sendFailureText } from '../../../shared/api/errors';
import type { Clock } from '../../../shared/clock';
import type { Schedule } from '../../../shared/data/schedules/useSchedules';
import { calendarCulture, formatWall, toWall } from './calendarTime';

const localizer = dayjsLocalizer(dayjs);

/** How long an event takes on the week and day grids (a schedule is an instant). */
const EVENT_MINUTES = 30;

export const CALENDAR_VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA];

export interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  schedule: Schedule;
}

export interface ScheduleCalendarProps {
  clock: Clock;
  schedules: Schedule[];
  /** The shown date and view (wall dates: see calendarTime). */
  date: Date;
  view: View;
  onNavigate: (date: Date) => void;
  onView: (view: View) => void;
  /** A day (month) or a slot (week, day) was picked: its wall start. */
  onSelectSlot: (wall: Date, view: View) => void;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
  /** Shown beside the toolbar's title (the loading spinner). */
  busy?: ReactNode;
}

/**
 * The schedules calendar (seed 002 §2.6) on react-big-calendar: month, week, day and agenda, in the UI language and
 * on the company's clock, dressed in the MUI theme (light and dark). Each event shows its time and contact with
 * edit and delete icons; a click on an event edits it, on a day or slot creates one there.
 */
export function ScheduleCalendar(props: ScheduleCalendarProps) {
  const { clock, schedules, date, view, onNavigate, onView, onSelectSlot, onEdit, onDelete, busy } = props;
  const { t } = useTranslation();

  const events = useMemo<CalendarEvent[]>(
    () =>
      schedules.map((s) => {
        const start = toWall(clock, s.sendAt);
        // a send is a moment: its block is drawn for EVENT_MINUTES but never past its own day (one event, one day)
        const dayEnd = new Date(start);
        dayEnd.setHours(23, 59, 59, 999);
        return {
          id: s.id,
          title: s.contact?.name ?? t('schedulesPage.noContact'),
          start,
          end: new Date(Math.min(start.getTime() + EVENT_MINUTES * 60_000, dayEnd.getTime())),
          schedule: s,
        };
      }),
    [schedules, clock, t],
  );

  const messages = useMemo<Messages<CalendarEvent>>(
    () => ({
      month: t('schedulesPage.views.month'),
      week: t('schedulesPage.views.week'),
      day: t('schedulesPage.views.day'),
      agenda: t('schedulesPage.views.agenda'),
      date: t('schedulesPage.agenda.date'),
      time: t('schedulesPage.agenda.time'),
      event: t('schedulesPage.agenda.event'),
      allDay: t('schedulesPage.agenda.allDay'),
      previous: t('schedulesPage.previous'),
      next: t('schedulesPage.next'),
      today: t('schedulesPage.today'),
      yesterday: t('schedulesPage.yesterday'),
      tomorrow: t('schedulesPage.tomorrow'),
      noEventsInRange: t('schedulesPage.emptyRange'),
      showMore: (count: number) => t('schedulesPage.more', { count }),
    }),
    [t],
  );

  const formats = useMemo<Formats>(() => {
    const f = (options: Intl.DateTimeFormatOptions) => (d: Date) => formatWall(clock, d, options);
    const time = f({ hour: '2-digit', minute: '2-digit' });
    const range = ({ start, end }: DateRange) => `${time(start)} – ${time(end)}`;
    const dayRange = ({ start, end }: DateRange) =>
      `${formatWall(clock, start, { day: 'numeric', month: 'short' })} – ${formatWall(clock, end, { day: 'numeric', month: 'short', year: 'numeric' })}`;
    return {
      timeGutterFormat: time,
      eventTimeRangeFormat: ({ start }: DateRange) => time(start),
      selectRangeFormat: range,
      agendaTimeFormat: time,
      agendaTimeRangeFormat: ({ start }: DateRange) => time(start),
      dateFormat: f({ day: 'numeric' }),
      weekdayFormat: f({ weekday: 'short' }),
      dayFormat: f({ weekday: 'short', day: 'numeric' }),
      monthHeaderFormat: f({ month: 'long', year: 'numeric' }),
      dayHeaderFormat: f({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      dayRangeHeaderFormat: dayRange,
      agendaHeaderFormat: dayRange,
      agendaDateFormat: f({ weekday: 'short', day: 'numeric', month: 'short' }),
    };
  }, [clock]);

  // the week and day grids open an hour before now on the company's clock
  const scrollTo = useMemo(() => {
    const now = toWall(clock, new Date());
    return new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.max(0, now.getHours() - 1));
  }, [clock]);

  const components = useMemo(
    () => ({
      toolbar: (p: ToolbarProps<CalendarEvent>) => <CalendarToolbar {...p} busy={busy} />,
      event: ({ event }: EventProps<CalendarEvent>) => (
        <ScheduleEvent
          event={event}
          time={formatWall(clock, event.start, { hour: '2-digit', minute: '2-digit' })}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ),
      // the agenda has its own time column
      agenda: {
        event: ({ event }: EventProps<CalendarEvent>) => <ScheduleEvent event={event} onEdit={onEdit} onDelete={onDelete} />,
      },
    }),
    [busy, clock, onEdit, onDelete],
  );

  return (
    <Box sx={(theme) => calendarSx(theme)} data-testid="schedules-calendar" role="region" aria-label={t('schedulesPage.title')}>
      <Calendar<CalendarEvent>
        localizer={localizer}
        culture={calendarCulture(clock.locale)}
        events={events}
        date={date}
        view={view}
        views={CALENDAR_VIEWS}
        onNavigate={(d) => onNavigate(d)}
        onView={onView}
        getNow={() => toWall(clock, new Date())}
        messages={messages}
        formats={formats}
        components={components}
        popup
        selectable
        onSelectSlot={(slot) => onSelectSlot(slot.start, view)}
        onSelectEvent={(e) => onEdit(e.schedule)}
        tooltipAccessor={(e) =>
          `${t(`schedulesPage.status.${e.schedule.status}`)} — ${e.schedule.body}${e.schedule.lastError ? ` (${sendFailureText(e.schedule.lastError)})` : ''}`
        }
        eventPropGetter={(e) => ({ className: `schedule-${e.schedule.status.toLowerCase()}` })}
        scrollToTime={scrollTo}
        style={{ height: '100%' }}
      />
    </Box>
  );
}

function ScheduleEvent({
  event,
  time,
  onEdit,
  onDelete,
}: {
  event: CalendarEvent;
  time?: string;
  onEdit: (s: Schedule) => void;
  onDelete: (s: Schedule) => void;
}) {
  const { t } = useTranslation();
  const s = event.schedule;
  const name = s.contact?.name ?? '';
  return (
    <Box data-testid="calendar-event" sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }}>
      <Typography variant="caption" noWrap sx={{ flex: 1, minWidth: 0, lineHeight: 1.6 }}>
        {time ? (
          <Box component="span" className="schedule-time" sx={{ fontWeight: 600, mr: 0.5 }}>
            {time}
          </Box>
        ) : null}
        {event.title}
      </Typography>
      <IconButton
        size="small"
        sx={{ p: 0.25, color: 'inherit' }}
        aria-label={`${t('schedulesPage.edit')} ${name}`}
        onClick={(e) => {
          e.stopPropagation();
          onEdit(s);
        }}
      >
        <EditIcon sx={{ fontSize: 14 }} />
      </IconButton>
      <IconButton
        size="small"
        sx={{ p: 0.25, color: 'inherit' }}
        aria-label={`${t('schedulesPage.delete')} ${name}`}
        onClick={(e) => {
          e.stopPropagation();
          onDelete(s);
        }}
      >
        <DeleteOutlinedIcon sx={{ fontSize: 14 }} />
      </IconButton>
    </Box>
  );
}

function CalendarToolbar({ label, onNavigate, onView, view, busy }: ToolbarProps<CalendarEvent> & { busy?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      <Tooltip title={t('schedulesPage.previous')}>
        <IconButton aria-label={t('schedulesPage.previous')} onClick={() => onNavigate('PREV')}>
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('schedulesPage.next')}>
        <IconButton aria-label={t('schedulesPage.next')} onClick={() => onNavigate('NEXT')}>
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
      <Button size="small" onClick={() => onNavigate('TODAY')}>
        {t('schedulesPage.today')}
      </Button>
      <Typography
        variant="h6"
        component="h2"
        data-testid="calendar-month"
        sx={{ '&::first-letter': { textTransform: 'uppercase' } }}
      >
        {label}
      </Typography>
      {busy}
      <Box sx={{ flex: 1 }} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_, v: View | null) => {
          if (v) onView(v);
        }}
        aria-label={t('schedulesPage.view')}
      >
        {CALENDAR_VIEWS.map((v) => (
          <ToggleButton key={v} value={v} sx={{ px: 1.5, textTransform: 'none' }}>
            {t(`schedulesPage.views.${v}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** react-big-calendar's stylesheet, re-dressed with the theme's colours, shape and type (light and dark). */
function calendarSx(theme: Theme) {
  const border = theme.palette.divider;
  const event = (color: string) => ({
    backgroundColor: alpha(color, theme.palette.mode === 'dark' ? 0.35 : 0.18),
    color: theme.palette.text.primary,
    border: 0,
    // over the stylesheet's own event borders (the time grid's included)
    borderLeft: `3px solid ${color} !important`,
  });
  return {
    // a bounded height: the week and day grids scroll inside (to the current hour), not the page
    height: { xs: 640, md: 'calc(100vh - 190px)' },
    minHeight: 520,
    display: 'flex',
    flexDirection: 'column' as const,
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.body2.fontSize,
    color: theme.palette.text.primary,
    '& .rbc-calendar': { flex: 1, minHeight: 0 },
    '& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view': {
      borderColor: border,
      borderRadius: `${theme.shape.borderRadius}px`,
      bgcolor: 'background.paper',
      overflow: 'hidden',
    },
    '& .rbc-agenda-view': { border: `1px solid ${border}` },
    [[
      '.rbc-header',
      '.rbc-month-row',
      '.rbc-day-bg',
      '.rbc-time-header-content',
      '.rbc-time-content',
      '.rbc-timeslot-group',
      '.rbc-day-slot .rbc-time-slot',
      '.rbc-time-header.rbc-overflowing',
      '.rbc-time-content > * + * > *',
      '.rbc-agenda-view table.rbc-agenda-table',
      '.rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td',
      '.rbc-agenda-view table.rbc-agenda-table thead > tr > th',
      '.rbc-agenda-view table.rbc-agenda-table tbody > tr + tr',
    ]
      .map((c) => `& ${c}`)
      .join(', ')]: { borderColor: border },
    '& .rbc-header': { py: 0.75, fontWeight: 600, textTransform: 'capitalize', color: 'text.secondary' },
    '& .rbc-off-range-bg': { bgcolor: alpha(theme.palette.text.primary, 0.04) },
    '& .rbc-off-range': { color: 'text.disabled' },
    '& .rbc-today': { bgcolor: alpha(theme.palette.primary.main, 0.06) },
    '& .rbc-date-cell': { px: 0.75, pt: 0.5 },
    '& .rbc-date-cell.rbc-now > button': {
      bgcolor: 'primary.main',
      color: 'primary.contrastText',
      borderRadius: 8,
      px: 0.75,
      fontWeight: 600,
    },
    '& .rbc-button-link': { color: 'inherit', font: 'inherit' },
    '& .rbc-show-more': { bgcolor: 'transparent', color: 'primary.main', fontWeight: 600, px: 0.75 },
    '& .rbc-event, & .rbc-day-slot .rbc-background-event': {
      ...event(theme.palette.primary.main),
      borderRadius: `${Math.max(2, Number(theme.shape.borderRadius) / 2)}px`,
      padding: '0 2px 0 4px',
    },
    '& .rbc-event.rbc-selected': { boxShadow: `0 0 0 2px ${alpha(theme.palette.primary.main, 0.5)}` },
    '& .rbc-event.schedule-enviada': event(theme.palette.success.main),
    '& .rbc-event.schedule-erro': event(theme.palette.error.main),
    '& .rbc-event:focus': { outline: `2px solid ${theme.palette.primary.main}` },
    '& .rbc-day-slot .rbc-event': { borderTop: 0, borderRight: 0, borderBottom: 0 },
    // every other line of the stylesheet (#ddd) takes the theme's divider, in light and dark
    '& .rbc-calendar *:not(.rbc-event)': { borderColor: `${border} !important` },
    '& .rbc-day-slot .rbc-event-label': { display: 'none' },
    '& .rbc-time-gutter, & .rbc-label': { color: 'text.secondary', fontSize: theme.typography.caption.fontSize },
    '& .rbc-current-time-indicator': { bgcolor: 'error.main', height: 2 },
    '& .rbc-slot-selection': { bgcolor: alpha(theme.palette.primary.main, 0.25), color: 'text.primary' },
    '& .rbc-overlay': {
      bgcolor: 'background.paper',
      borderColor: border,
      boxShadow: theme.shadows[8],
      borderRadius: `${theme.shape.borderRadius}px`,
    },
    '& .rbc-overlay-header': { borderColor: border },
    '& .rbc-agenda-view table.rbc-agenda-table thead > tr > th': { py: 1, color: 'text.secondary' },
    '& .rbc-agenda-event-cell .rbc-event': {},
    '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { whiteSpace: 'nowrap' },
    '& .rbc-agenda-date-cell::first-letter': { textTransform: 'uppercase' },
    '& .rbc-agenda-empty': { p: 2, color: 'text.secondary' },
  };
}
