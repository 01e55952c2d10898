import { addDays, can, dayIn } from '@atendo/shared';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import HelpIcon from '@mui/icons-material/Help';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Alert, Box, Button, Card, CircularProgress, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHelpVideo } from '../../../shared/hooks/useHelps';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { TutorialVideoDialog, useFirstVisit } from '../../../shared/ui/TutorialVideoDialog';
import { CardBody, KanbanCardView } from '../components/KanbanCardView';
import { LaneColumn } from '../components/LaneColumn';
import { type KanbanCard, type Lane, useKanbanTickets, useLanes, useMoveCard } from '../hooks/useKanban';
import { laneOf } from '../utils/lanes';

const DEFAULT_LANE = 'lane-default';
const laneKey = (id: number | null) => (id === null ? DEFAULT_LANE : `lane-${id}`);

/**
 * /Kanban (seed 002 §2.8): a default first lane and the kanban tags by position as lanes, the user's queues' live
 * tickets as cards within a date range. Dragging a card (or its "move to" menu) swaps its lane tag; every board
 * looking at the ticket follows through the ticket events.
 */
export default function KanbanPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const timeZone = user.company.timezone;
  const [range, setRange] = useState(() => ({
    startDate: addDays(dayIn(new Date(), timeZone), -30),
    endDate: dayIn(new Date(), timeZone),
  }));
  const lanes = useLanes();
  const tickets = useKanbanTickets(range);
  // seed 002 §2.8: a help popup with the tutorial video, opened on the first visit (only when there is a video)
  const tutorialVideo = useHelpVideo('kanban');
  const tutorial = useFirstVisit('hasVisitedKanban', tutorialVideo);
  const move = useMoveCard(range);
  const [dragging, setDragging] = useState<KanbanCard | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));

  const laneList = lanes.data ?? [];
  const byLane = useMemo(() => {
    const ids = new Set(laneList.map((l) => l.id));
    const groups = new Map<number | null, KanbanCard[]>([
      [null, []],
      ...laneList.map((l) => [l.id, []] as [number, KanbanCard[]]),
    ]);
    for (const c of tickets.data?.tickets ?? []) groups.get(laneOf(c.tags, ids))?.push(c);
    return groups;
  }, [laneList, tickets.data]);

  const moveCard = (card: KanbanCard, to: Lane | null) => {
    const ids = new Set(laneList.map((l) => l.id));
    if (laneOf(card.tags, ids) === (to?.id ?? null)) return;
    move.mutate({ card, to }, { onSuccess: () => toast.success(to ? t('kanban.tagAdded') : t('kanban.tagRemoved')) });
  };

  const onDragStart = (e: DragStartEvent) => setDragging((e.active.data.current?.card as KanbanCard) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const card = e.active.data.current?.card as KanbanCard | undefined;
    if (!card || !e.over) return;
    const target = String(e.over.id);
    const to = target === DEFAULT_LANE ? null : (laneList.find((l) => laneKey(l.id) === target) ?? null);
    if (target !== DEFAULT_LANE && !to) return;
    moveCard(card, to);
  };

  const loading = lanes.isLoading || tickets.isLoading;
  const failed = lanes.isError || tickets.isError;
  return (
    <Box
      sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, height: 'calc(100vh - 64px)', minHeight: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 160 }}>
          {t('kanban.title')}
        </Typography>
        <TextField
          size="small"
          type="date"
          label={t('kanban.startDate')}
          value={range.startDate}
          onChange={(e) => e.target.value && setRange({ ...range, startDate: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.endDate } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('kanban.endDate')}
          value={range.endDate}
          onChange={(e) => e.target.value && setRange({ ...range, endDate: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.startDate } }}
        />
        {tutorialVideo ? (
          <Tooltip title={t('kanban.help')}>
            <IconButton aria-label={t('kanban.help')} onClick={tutorial.show}>
              <HelpIcon />
            </IconButton>
          </Tooltip>
        ) : null}
        {can(user, 'dashboard:view') ? (
          <Button variant="contained" startIcon={<ViewColumnIcon />} onClick={() => navigate('/TagsKanban')}>
            {t('kanban.addColumns')}
          </Button>
        ) : null}
      </Box>
      {failed ? <Alert severity="error">{t('errors.generic')}</Alert> : null}
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : (
        <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
          <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', flex: 1, minHeight: 0, pb: 1 }} data-testid="kanban-board">
            {[null, ...laneList].map((lane) => {
              const id = lane?.id ?? null;
              const cards = byLane.get(id) ?? [];
              return (
                <LaneColumn
                  key={laneKey(id)}
                  id={laneKey(id)}
                  name={lane?.name ?? t('kanban.defaultLane')}
                  color={lane?.color ?? null}
                  count={cards.length}
                >
                  {cards.map((c) => (
                    <KanbanCardView
                      key={c.id}
                      card={c}
                      lanes={laneList}
                      laneId={id}
                      onOpen={() => navigate(`/tickets/${c.uuid}`)}
                      onMove={(to) => moveCard(c, to)}
                    />
                  ))}
                </LaneColumn>
              );
            })}
          </Box>
          <DragOverlay>
            {dragging ? (
              <Card variant="outlined" sx={{ width: 270, boxShadow: 6, cursor: 'grabbing' }}>
                <CardBody card={dragging} />
              </Card>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
      {!loading && !failed && laneList.length === 0 ? <Alert severity="info">{t('kanban.noLanes')}</Alert> : null}
      <TutorialVideoDialog open={tutorial.open} onClose={tutorial.close} title={t('kanban.tutorial')} videoUrl={tutorialVideo} />
    </Box>
  );
}
