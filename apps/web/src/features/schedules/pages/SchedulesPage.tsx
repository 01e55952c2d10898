import { DEBOUNCE_MS } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import HelpIcon from '@mui/icons-material/Help';
import { Box, Button, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type View, Views } from 'react-big-calendar';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/clock';
import { type ContactOption, useContact } from '../../../shared/data/contacts/useContacts';
import {
  type Schedule,
  useDeleteSchedule,
  useMonthSchedules,
  useScheduleEvents,
} from '../../../shared/data/schedules/useSchedules';
import { useClock } from '../../../shared/hooks/useClock';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useHelpVideo } from '../../../shared/hooks/useHelps';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { ScheduleDialog } from '../../../shared/ui/ScheduleDialog';
import { SearchField } from '../../../shared/ui/SearchField';
import { TutorialVideoDialog, useFirstVisit } from '../../../shared/ui/TutorialVideoDialog';
import { fromWall, loadRange, toWall } from '../components/calendarTime';
import { ScheduleCalendar } from '../components/ScheduleCalendar';

/**
 * /schedules (seed 002 §2.6): a calendar (month, week, day, agenda) of the company's scheduled messages; each event at its sendAt with
 * edit and delete icons; '?contactId=' opens the new-schedule form for that contact; live through the `schedule`
 * event. The plan gate (useSchedules) is the route's.
 */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const clock = useClock();
  const [params, setParams] = useSearchParams();
  // the shown date and view, as wall dates on the company's clock (components/calendarTime)
  const [date, setDate] = useState(() => toWall(clock, new Date()));
  const [view, setView] = useState<View>(Views.MONTH);
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), DEBOUNCE_MS);
  const [editing, setEditing] = useState<{ schedule: Schedule | null; contact: ContactOption | null; at?: Date } | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const remove = useDeleteSchedule();
  const tutorialVideo = useHelpVideo('schedules');
  const tutorial = useFirstVisit('hasVisitedSchedules', tutorialVideo);

  const { from, to } = useMemo(() => loadRange(clock, date), [clock, date]);
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

  const edit = useCallback((schedule: Schedule) => setEditing({ schedule, contact: null }), []);
  // a picked day (month) or slot (week, day) creates a schedule there: a day at this hour of the clock, never in
  // the past (then: the form's default, an hour from now)
  const create = (wall: Date, shown: View) => {
    const at = new Date(wall);
    if (shown === Views.MONTH) {
      // the day clicked, at the next whole hour — or 23:59 late in the evening, so the form never opens on the day after
      const now = toWall(clock, new Date());
      if (now.getHours() >= 23) at.setHours(23, 59, 0, 0);
      else at.setHours(now.getHours() + 1, 0, 0, 0);
    }
    const instant = fromWall(clock, at);
    setEditing({ schedule: null, contact: null, at: instant.getTime() > Date.now() ? instant : undefined });
  };

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
        {tutorialVideo ? (
          <Tooltip title={t('schedulesPage.help')}>
            <IconButton aria-label={t('schedulesPage.help')} onClick={tutorial.show}>
              <HelpIcon />
            </IconButton>
          </Tooltip>
        ) : null}
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ schedule: null, contact: null })}>
          {t('schedulesPage.add')}
        </Button>
      </Box>
      <ScheduleCalendar
        clock={clock}
        schedules={schedules.data ?? []}
        date={date}
        view={view}
        onNavigate={setDate}
        onView={setView}
        onSelectSlot={create}
        onEdit={edit}
        onDelete={setDeleting}
        busy={schedules.isFetching ? <CircularProgress size={18} /> : null}
      />
      {editing ? (
        <ScheduleDialog
          open
          schedule={editing.schedule}
          contact={editing.contact}
          at={editing.at}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <TutorialVideoDialog
        open={tutorial.open}
        onClose={tutorial.close}
        title={t('schedulesPage.tutorial')}
        videoUrl={tutorialVideo}
      />
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
