import { can, planAllows } from '@atendo/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import FolderSharedIcon from '@mui/icons-material/FolderSharedOutlined';
import HistoryIcon from '@mui/icons-material/History';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonIcon from '@mui/icons-material/Person';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UndoIcon from '@mui/icons-material/Undo';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebarOutlined';
import {
  Alert,
  Avatar,
  Box,
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { useCompanySettingValue } from '../../../shared/data/settings/useSettings';
import type { Message, TicketDetail } from '../../../shared/data/tickets/types';
import { useCustomerWindow } from '../../../shared/data/tickets/useTemplates';
import { useDeleteTicket, useUpdateTicket } from '../../../shared/data/tickets/useTicket';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { mediaUrl } from '../../../shared/media';
import { useCurrentUser } from '../../../shared/session/context';
import { useSocket } from '../../../shared/socket/context';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { ScheduleDialog } from '../../../shared/ui/ScheduleDialog';
import { TicketLogDialog } from '../../../shared/ui/TicketLogDialog';
import { CONTACT_PANEL_PX, useContactPanel } from '../hooks/useContactPanel';
import { useConversationExport } from '../hooks/useConversationExport';
import { AcceptQueueDialog } from './AcceptQueueDialog';
import { CloseTicketDialog } from './CloseTicketDialog';
import { ClosedWindowNotice, CustomerWindowNotice } from './CustomerWindow';
import { ContactPanel } from './contactPanel/ContactPanel';
import { ContactDrawer } from './inbox/ContactDrawer';
import { type OpenTicketInfo, otherOpenTicket, TicketAlreadyOpenDialog } from './inbox/TicketAlreadyOpenDialog';
import { MessageInput } from './MessageInput';
import { MessagesList } from './MessagesList';
import { PrivateFilesDialog } from './PrivateFilesDialog';
import { SlaChip } from './SlaChip';
import { TemplateDialog } from './TemplateDialog';
import { TicketRating } from './TicketRating';
import { TicketTagsBar } from './TicketTagsBar';
import { TransferDialog } from './TransferDialog';

/** Follow this ticket's room while it is on screen, so its messages and acks arrive. */
function useTicketRoom(ticketId: number) {
  const { socket } = useSocket();
  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit('joinChatBox', String(ticketId));
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('joinChatBoxLeave', String(ticketId));
    };
  }, [socket, ticketId]);
}

/** Below this conversation width the header's actions go to a second row under the contact's name. */
const HEADER_ONE_ROW_PX = 520;

/** The conversation (seed 000 §2): header, actions of §4, messages and composer. */
export function TicketView({
  ticket,
  onBack,
  panelRoom = false,
}: {
  ticket: TicketDetail;
  onBack?: () => void;
  /** The page has room to dock the contact panel beside the conversation (useContactPanelRoom). */
  panelRoom?: boolean;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const update = useUpdateTicket(user.id);
  const [acceptAsk, setAcceptAsk] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [resolveAnchor, setResolveAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [deleteAsk, setDeleteAsk] = useState(false);
  const panel = useContactPanel(ticket.id, panelRoom);
  const [scheduling, setScheduling] = useState(false);
  const [filesOpen, setFilesOpen] = useState(false);
  const { plan } = useCompanyPlan();

  const exportPdf = useConversationExport(ticket);
  const mayDelete = can(user, 'ticket-options:deleteTicket');
  const remove = useDeleteTicket();
  useTicketRoom(ticket.id);

  // Two attendants accepted at once and the other one won (ERR_OTHER_OPEN_TICKET): the seed's dialog names who has it,
  // and the composer stays read-only while the ticket is still theirs.
  const [takenBy, setTakenBy] = useState<OpenTicketInfo | null>(null);
  const [takenDialog, setTakenDialog] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another ticket starts without it
  useEffect(() => {
    setTakenBy(null);
    setTakenDialog(false);
  }, [ticket.id]);
  const run = (body: Parameters<typeof update.mutate>[0]['body'], after?: () => void) =>
    update.mutate(
      { id: ticket.id, body },
      {
        onSuccess: () => after?.(),
        onError: (err) => {
          const holder = otherOpenTicket(err);
          if (holder) {
            setTakenBy(holder);
            setTakenDialog(true);
          } else toastError(err);
        },
      },
    );
  const takeStatus = ticket.isGroup ? 'group' : 'open';
  const accept = (queueId?: number) => run({ status: takeStatus, userId: user.id, ...(queueId ? { queueId } : {}) });
  const resolve = (choice: { sendFarewellMessage: boolean; askRating?: boolean }) => {
    setResolveAnchor(null);
    setCloseFormOpen(false);
    run({ status: 'closed', userId: user.id, ...choice }, () => navigate('/tickets'));
  };
  // With ratings on, resolving is a form where the attendant says whether this customer is asked (seed 000 §4).
  const ratingsOn = useCompanySettingValue('userRating') === 'enabled' && !ticket.isGroup;
  const [closeFormOpen, setCloseFormOpen] = useState(false);
  // Lost the accept race: the colleague's ticket is shown, read-only, without the actions of the one who attends it.
  const lostTo = takenBy && takenBy.userId !== user.id && ticket.userId === takenBy.userId ? takenBy : null;
  const live = (ticket.status === 'open' || ticket.status === 'group') && !lostTo;
  const social = ticket.channel === 'facebook' || ticket.channel === 'instagram';
  const cloud = ticket.channel === 'whatsappapi';
  const customerWindow = useCustomerWindow(ticket.id, cloud);
  const [templateOpen, setTemplateOpen] = useState(false);
  const windowApplies = cloud && customerWindow.data?.applies === true;

  const laneId = (ticket.tags ?? []).find((x) => x.kanban === 1)?.id ?? null;
  const panelProps = { contactId: ticket.contactId, ticketId: ticket.id, laneId, onClose: panel.close };

  return (
    <Box
      sx={{ display: 'flex', height: '100%', minWidth: 0 }}
      data-testid="ticket-view"
      data-panel-docked={panel.docked && panel.open}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, height: '100%', minWidth: 0, containerType: 'inline-size' }}>
        {/*
          A narrow conversation (a phone, or beside the docked contact panel): the contact's name keeps the first row,
          the actions wrap to a second one, right-aligned.
        */}
        <Paper
          square
          elevation={1}
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'nowrap',
            [`@container (max-width: ${HEADER_ONE_ROW_PX}px)`]: { flexWrap: 'wrap' },
            justifyContent: 'flex-end',
            gap: 1,
            p: 1,
            zIndex: 1,
          }}
        >
          {onBack ? (
            <IconButton aria-label={t('tickets.actions.back')} onClick={onBack}>
              <ArrowBackIcon />
            </IconButton>
          ) : null}
          <Avatar
            src={mediaUrl(ticket.contact.urlPicture)}
            alt={ticket.contact.name}
            sx={{ cursor: 'pointer' }}
            onClick={() => panel.show()}
          />
          <Box
            sx={{
              flex: 1,
              minWidth: 0,
              cursor: 'pointer',
              // the avatar (and the back arrow) beside the name; everything else to the second row
              [`@container (max-width: ${HEADER_ONE_ROW_PX}px)`]: {
                minWidth: onBack ? 'calc(100% - 112px)' : 'calc(100% - 56px)',
              },
            }}
            onClick={() => panel.show()}
            title={t('inbox.contact.open')}
          >
            <Typography variant="subtitle1" noWrap data-testid="ticket-contact-name">
              {ticket.contact.name}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                #{ticket.id}
              </Typography>
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {ticket.user ? t('tickets.header.assignedTo', { name: ticket.user.name }) : t('tickets.header.unassigned')}
              {ticket.queue ? ` · ${ticket.queue.name}` : ''}
            </Typography>
          </Box>
          {ticket.status === 'closed' ? <TicketRating rating={ticket.userRating} /> : <SlaChip sla={ticket.sla} />}
          {ticket.status === 'pending' ? (
            <Button
              variant="contained"
              size="small"
              startIcon={<CheckIcon />}
              disabled={update.isPending}
              onClick={() => (ticket.queueId === null ? setAcceptAsk(true) : accept())}
              data-shortcut="accept"
            >
              {t('tickets.actions.accept')}
            </Button>
          ) : null}
          {ticket.status === 'pending' && can(user, 'tickets:closePending') ? (
            <Button
              size="small"
              disabled={update.isPending}
              onClick={() =>
                run({ status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 }, () => navigate('/tickets'))
              }
            >
              {t('tickets.actions.ignore')}
            </Button>
          ) : null}
          {live ? (
            <>
              <Tooltip title={t('tickets.actions.return')}>
                <IconButton
                  aria-label={t('tickets.actions.return')}
                  disabled={update.isPending}
                  onClick={() => run({ status: 'pending', userId: null }, () => navigate('/tickets'))}
                >
                  <UndoIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('tickets.actions.transfer')}>
                <IconButton
                  aria-label={t('tickets.actions.transfer')}
                  disabled={update.isPending}
                  onClick={() => setTransferOpen(true)}
                >
                  <SwapHorizIcon />
                </IconButton>
              </Tooltip>
              <Button
                variant="contained"
                size="small"
                color="success"
                startIcon={<DoneAllIcon />}
                disabled={update.isPending}
                onClick={(e) => (ratingsOn ? setCloseFormOpen(true) : setResolveAnchor(e.currentTarget))}
                data-shortcut="resolve"
              >
                {t('tickets.actions.resolve')}
              </Button>
              <Menu anchorEl={resolveAnchor} open={Boolean(resolveAnchor)} onClose={() => setResolveAnchor(null)}>
                <MenuItem onClick={() => resolve({ sendFarewellMessage: true })}>
                  {t('tickets.actions.resolveWithFarewell')}
                </MenuItem>
                <MenuItem onClick={() => resolve({ sendFarewellMessage: false })}>
                  {t('tickets.actions.resolveWithoutFarewell')}
                </MenuItem>
              </Menu>
            </>
          ) : null}
          {ticket.status === 'closed' ? (
            <Button
              size="small"
              startIcon={<ReplayIcon />}
              disabled={update.isPending}
              onClick={() => run({ status: takeStatus, userId: user.id })}
            >
              {t('tickets.actions.reopen')}
            </Button>
          ) : null}
          <Tooltip title={t('inbox.panel.toggle')}>
            <IconButton
              aria-label={t('inbox.panel.toggle')}
              aria-expanded={panel.open}
              color={panel.open ? 'primary' : 'default'}
              onClick={panel.toggle}
              data-testid="contact-panel-toggle"
            >
              <ViewSidebarIcon />
            </IconButton>
          </Tooltip>
          <IconButton aria-label={t('inbox.more')} onClick={(e) => setMoreAnchor(e.currentTarget)}>
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={moreAnchor} open={Boolean(moreAnchor)} onClose={() => setMoreAnchor(null)}>
            <MenuItem
              onClick={() => {
                setMoreAnchor(null);
                panel.show();
              }}
            >
              <ListItemIcon>
                <PersonIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('inbox.contact.open')}</ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMoreAnchor(null);
                setLogOpen(true);
              }}
            >
              <ListItemIcon>
                <HistoryIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('inbox.log.open')}</ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMoreAnchor(null);
                setFilesOpen(true);
              }}
            >
              <ListItemIcon>
                <FolderSharedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('tickets.privateFiles.open')}</ListItemText>
            </MenuItem>
            {planAllows(plan, 'useSchedules') ? (
              <MenuItem
                onClick={() => {
                  setMoreAnchor(null);
                  setScheduling(true);
                }}
              >
                <ListItemIcon>
                  <ScheduleIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('tickets.schedule.open')}</ListItemText>
              </MenuItem>
            ) : null}
            <MenuItem
              onClick={() => {
                setMoreAnchor(null);
                void exportPdf();
              }}
            >
              <ListItemIcon>
                <PictureAsPdfIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('tickets.print.open')}</ListItemText>
            </MenuItem>
            {mayDelete ? (
              <MenuItem
                onClick={() => {
                  setMoreAnchor(null);
                  setDeleteAsk(true);
                }}
              >
                <ListItemIcon>
                  <DeleteOutlineIcon fontSize="small" color="error" />
                </ListItemIcon>
                <ListItemText>{t('inbox.delete.open')}</ListItemText>
              </MenuItem>
            ) : null}
          </Menu>
        </Paper>
        <TicketTagsBar ticketId={ticket.id} tags={ticket.tags ?? []} />
        {social ? (
          <Alert severity="info" sx={{ borderRadius: 0 }}>
            {t('tickets.notice24h')}
          </Alert>
        ) : null}
        {windowApplies ? <CustomerWindowNotice closesAt={customerWindow.data?.closesAt ?? null} /> : null}
        <MessagesList key={ticket.id} ticketId={ticket.id} channel={ticket.channel} onEdit={setEditing} onReply={setReplyTo} />
        {windowApplies && live ? (
          <ClosedWindowNotice closesAt={customerWindow.data?.closesAt ?? null} onTemplate={() => setTemplateOpen(true)} />
        ) : null}
        {templateOpen && ticket.whatsappId ? (
          <TemplateDialog
            open
            onClose={() => setTemplateOpen(false)}
            ticketId={ticket.id}
            whatsappId={ticket.whatsappId}
            maySync={can(user, 'connections:view')}
            fill={{ contactName: ticket.contact?.name ?? '', userName: user.name, ticketId: ticket.id }}
          />
        ) : null}
        <MessageInput
          ticketId={ticket.id}
          enabled={live || Boolean(lostTo)}
          closed={ticket.status === 'closed'}
          heldBy={lostTo}
          editing={editing}
          onEditDone={() => setEditing(null)}
          replyTo={replyTo}
          onReplyDone={() => setReplyTo(null)}
          placeholders={{
            contactName: ticket.contact.name,
            userName: user.name,
            queueName: ticket.queue?.name ?? null,
            connectionName: ticket.whatsapp?.name ?? null,
            ticketId: ticket.id,
            timezone: user.company.timezone,
          }}
        />
        <TicketLogDialog ticketId={ticket.id} open={logOpen} onClose={() => setLogOpen(false)} />
        {filesOpen ? <PrivateFilesDialog ticketId={ticket.id} open={filesOpen} onClose={() => setFilesOpen(false)} /> : null}
        {panel.docked ? null : <ContactDrawer open={panel.open} {...panelProps} />}
        <ConfirmationDialog
          open={deleteAsk}
          onClose={() => setDeleteAsk(false)}
          onConfirm={() => remove.mutate(ticket.id, { onSuccess: () => navigate('/tickets'), onError: toastError })}
          title={t('inbox.delete.title', { id: ticket.id })}
          busy={remove.isPending}
        >
          {t('inbox.delete.message')}
        </ConfirmationDialog>
        <TicketAlreadyOpenDialog info={takenDialog ? takenBy : null} onClose={() => setTakenDialog(false)} />
        <CloseTicketDialog
          open={closeFormOpen}
          busy={update.isPending}
          onClose={() => setCloseFormOpen(false)}
          onResolve={resolve}
        />
        <AcceptQueueDialog
          open={acceptAsk}
          onClose={() => setAcceptAsk(false)}
          onConfirm={(queueId) => {
            setAcceptAsk(false);
            accept(queueId);
          }}
        />
        {transferOpen ? (
          <TransferDialog
            ticketId={ticket.id}
            open
            busy={update.isPending}
            onClose={() => setTransferOpen(false)}
            onConfirm={({ userId, queueId, msgTransfer }) =>
              run(
                {
                  isTransfered: true,
                  userId,
                  ...(queueId ? { queueId } : {}),
                  status: userId ? takeStatus : 'pending',
                  ...(msgTransfer.trim() ? { msgTransfer: msgTransfer.trim() } : {}),
                },
                () => {
                  setTransferOpen(false);
                  navigate('/tickets');
                },
              )
            }
          />
        ) : null}
        {scheduling ? (
          <ScheduleDialog
            open
            onClose={() => setScheduling(false)}
            contact={{ id: ticket.contactId, name: ticket.contact?.name ?? '', number: ticket.contact?.number ?? '' }}
            ticketId={ticket.id}
            whatsappId={ticket.whatsappId}
            queueId={ticket.queueId}
          />
        ) : null}
      </Box>
      {panel.docked && panel.open ? (
        <Box
          component="aside"
          aria-label={t('inbox.panel.label')}
          data-testid="contact-panel"
          sx={{
            width: CONTACT_PANEL_PX,
            flexShrink: 0,
            borderLeft: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            minHeight: 0,
          }}
        >
          <ContactPanel {...panelProps} />
        </Box>
      ) : null}
    </Box>
  );
}
