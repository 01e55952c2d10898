import { can, IMPORT_CLOSE_TICKETS_STATUS, IMPORT_PREPARING_MS, planAllows } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CropFreeIcon from '@mui/icons-material/CropFree';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HelpIcon from '@mui/icons-material/Help';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SignalWifiOffIcon from '@mui/icons-material/SignalWifiOff';
import {
  Box,
  Button,
  CircularProgress,
  Fab,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import {
  type Connection,
  type SessionAction,
  useCloseImported,
  useConnectionEvents,
  useConnections,
  useDeleteConnection,
  useRestartConnections,
  useSessionAction,
} from '../../../shared/data/connections/useConnections';
import { useClock } from '../../../shared/hooks/useClock';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { useHelpVideo } from '../../../shared/hooks/useHelps';
import { useSession } from '../../../shared/session/context';
import { isSubscriptionValid } from '../../../shared/subscription';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { Loading } from '../../../shared/ui/Loading';
import { TableStateRows } from '../../../shared/ui/TableStateRows';
import { TutorialVideoDialog, useFirstVisit } from '../../../shared/ui/TutorialVideoDialog';
import { ChannelIcon } from '../components/ChannelIcon';
import { ConnectionModal, type NewChannel } from '../components/ConnectionModal';
import { FacebookConnectDialog } from '../components/FacebookConnectDialog';
import { QrCodeDialog } from '../components/QrCodeDialog';

const ADD_OPTIONS: { channel: NewChannel; flag: 'useWhatsapp' | 'useFacebook' | 'useInstagram' }[] = [
  { channel: 'whatsapp', flag: 'useWhatsapp' },
  { channel: 'facebook', flag: 'useFacebook' },
  { channel: 'instagram', flag: 'useInstagram' },
  { channel: 'whatsappapi', flag: 'useWhatsapp' },
];

function StatusIcon({ status }: { status: string }) {
  const { t } = useTranslation();
  const label = t(`connections.status.${status}`, { defaultValue: status });
  const icon =
    status === 'CONNECTED' ? (
      <CheckCircleIcon sx={{ color: 'success.main' }} />
    ) : status === 'qrcode' ? (
      <CropFreeIcon />
    ) : status === 'OPENING' ? (
      <CircularProgress size={20} />
    ) : status === 'DISCONNECTED' ? (
      <SignalWifiOffIcon color="error" />
    ) : (
      <ReportProblemIcon color="warning" />
    );
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex' }}>
        {icon}
      </Box>
    </Tooltip>
  );
}

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const clock = useClock();
  const { user, logout } = useSession();
  const { plan } = useCompanyPlan();
  const connections = useConnections();
  const remove = useDeleteConnection();
  const session = useSessionAction();
  const restart = useRestartConnections();
  const closeImportedTickets = useCloseImported();
  const tutorialVideo = useHelpVideo('connections');
  const tutorial = useFirstVisit('hasVisitedConnections', tutorialVideo);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [modal, setModal] = useState<{ open: boolean; id: number | null; channel: NewChannel }>({
    open: false,
    id: null,
    channel: 'whatsapp',
  });
  const [facebook, setFacebook] = useState<'facebook' | 'instagram' | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'disconnect'; connection: Connection } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useConnectionEvents();

  // Seed 001 §2: an expired company is signed out on this page.
  const expired = Boolean(user?.company && !isSubscriptionValid(user.company));
  useEffect(() => {
    if (expired) void logout();
  }, [expired, logout]);
  // The 'preparing' label of an import lasts 35 s: re-render while one is shown.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);

  const admin = can(user, 'connections-page:actionButtons');
  const mayAdd = can(user, 'connections-page:addConnection');
  const list = connections.data ?? [];
  const addOptions = ADD_OPTIONS.filter((o) => planAllows(plan, o.flag));

  function add(channel: NewChannel) {
    setMenuAnchor(null);
    if (channel === 'facebook' || channel === 'instagram') setFacebook(channel);
    else setModal({ open: true, id: null, channel });
  }

  async function act(c: Connection, action: SessionAction) {
    try {
      await session.mutateAsync({ id: c.id, action });
      if (action === 'disconnect') toast.success(t('connections.disconnected'));
    } catch (err) {
      toastError(err);
    }
  }

  async function restartAll() {
    try {
      await restart.mutateAsync();
      toast.success(t('connections.restarted'));
    } catch (err) {
      toastError(err);
    }
  }

  async function closeImported(c: Connection) {
    try {
      await closeImportedTickets.mutateAsync(c.id);
      toast.success(t('connections.importClosed'));
    } catch (err) {
      toastError(err);
    }
  }

  /** Seed 001 §4: the session column's action per status (QR sessions only; the other channels have no session). */
  function sessionActions(c: Connection) {
    if (c.channel !== 'whatsapp')
      return (
        <Typography variant="caption" color="text.secondary">
          —
        </Typography>
      );
    switch (c.status) {
      case 'qrcode':
        return (
          <Button size="small" variant="contained" onClick={() => setQrFor(c.id)}>
            {t('connections.actions.showQr')}
          </Button>
        );
      case 'DISCONNECTED':
        return (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
            <Button size="small" variant="outlined" onClick={() => act(c, 'retry')}>
              {t('connections.actions.tryAgain')}
            </Button>
            <Button size="small" variant="outlined" color="secondary" onClick={() => act(c, 'newQr')}>
              {t('connections.actions.newQr')}
            </Button>
          </Stack>
        );
      case 'OPENING':
        return (
          <Button size="small" variant="outlined" disabled>
            {t('connections.actions.connecting')}
          </Button>
        );
      default:
        return (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            onClick={() => setConfirm({ kind: 'disconnect', connection: c })}
          >
            {t('connections.actions.disconnect')}
          </Button>
        );
    }
  }

  function importState(c: Connection) {
    const at = Number(c.statusImportMessages);
    if (Number.isFinite(at) && at > 0 && now - at < IMPORT_PREPARING_MS) {
      return <Typography variant="caption">{t('connections.importPreparing')}</Typography>;
    }
    if (c.statusImportMessages === IMPORT_CLOSE_TICKETS_STATUS && admin) {
      return (
        <Button size="small" onClick={() => closeImported(c)}>
          {t('connections.closeImported')}
        </Button>
      );
    }
    return null;
  }

  if (expired) return <Loading />;
  const columns = 5 + (admin ? 2 : 0);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('connections.title')} ({list.length})
        </Typography>
        {admin && (
          <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={restartAll}>
            {t('connections.restart')}
          </Button>
        )}
        {mayAdd && addOptions.length > 0 && (
          <>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={(e) => setMenuAnchor(e.currentTarget)}
              aria-haspopup="menu"
            >
              {t('connections.add')}
            </Button>
            <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
              {addOptions.map((o) => (
                <MenuItem key={o.channel} onClick={() => add(o.channel)}>
                  <Box sx={{ mr: 1, display: 'inline-flex' }}>
                    <ChannelIcon channel={o.channel} />
                  </Box>
                  {t(`connections.channels.${o.channel}`)}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('connections.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }} align="center">
                {t('connections.columns.channel')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('connections.columns.name')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="center">
                {t('connections.columns.status')}
              </TableCell>
              {admin && (
                <TableCell sx={{ fontWeight: 600 }} align="center">
                  {t('connections.columns.session')}
                </TableCell>
              )}
              <TableCell sx={{ fontWeight: 600 }} align="center">
                {t('connections.columns.lastUpdate')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="center">
                {t('connections.columns.default')}
              </TableCell>
              {admin && (
                <TableCell sx={{ fontWeight: 600 }} align="center">
                  {t('connections.columns.actions')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((c) => (
              <TableRow key={c.id} hover data-testid={`connection-row-${c.id}`}>
                <TableCell align="center">
                  <ChannelIcon channel={c.channel} />
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{c.name}</Typography>
                  {c.number && c.channel === 'whatsapp' ? (
                    <Typography variant="caption" color="text.secondary">
                      {c.number}
                    </Typography>
                  ) : null}
                  {importState(c)}
                </TableCell>
                <TableCell align="center">
                  <StatusIcon status={c.status} />
                </TableCell>
                {admin && <TableCell align="center">{sessionActions(c)}</TableCell>}
                <TableCell align="center">{formatDateTime(clock, c.updatedAt)}</TableCell>
                <TableCell align="center">
                  {c.isDefault ? <CheckCircleIcon color="success" aria-label={t('connections.columns.default')} /> : null}
                </TableCell>
                {admin && (
                  <TableCell align="center">
                    <Tooltip title={t('connections.edit')}>
                      <IconButton
                        size="small"
                        aria-label={`${t('connections.edit')} ${c.name}`}
                        onClick={() => setModal({ open: true, id: c.id, channel: c.channel as NewChannel })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('connections.delete')}>
                      <IconButton
                        size="small"
                        aria-label={`${t('connections.delete')} ${c.name}`}
                        onClick={() => setConfirm({ kind: 'delete', connection: c })}
                      >
                        <DeleteOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
            <TableStateRows query={connections} count={list.length} colSpan={columns} emptyText={t('connections.empty')} />
          </TableBody>
        </Table>
      </TableContainer>

      <ConnectionModal
        open={modal.open}
        connectionId={modal.id}
        channel={modal.channel}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onQrCode={setQrFor}
      />
      <FacebookConnectDialog channel={facebook} onClose={() => setFacebook(null)} />
      <QrCodeDialog connectionId={qrFor} onClose={() => setQrFor(null)} />
      <ConfirmationDialog
        open={Boolean(confirm)}
        onClose={() => setConfirm(null)}
        busy={remove.isPending || session.isPending}
        title={
          confirm?.kind === 'delete'
            ? t('connections.confirmDeleteTitle', { name: confirm.connection.name })
            : confirm
              ? t('connections.confirmDisconnectTitle', { name: confirm.connection.name })
              : undefined
        }
        onConfirm={async () => {
          if (!confirm) return;
          if (confirm.kind === 'disconnect') return act(confirm.connection, 'disconnect');
          try {
            await remove.mutateAsync(confirm.connection.id);
            toast.success(t('connections.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {confirm?.kind === 'delete' ? t('connections.confirmDelete') : t('connections.confirmDisconnect')}
      </ConfirmationDialog>
      <TutorialVideoDialog
        open={tutorial.open}
        onClose={tutorial.close}
        title={t('connections.tutorial')}
        videoUrl={tutorialVideo}
      />
      {tutorialVideo && (
        <Tooltip title={t('connections.help')}>
          <Fab
            color="primary"
            size="medium"
            aria-label={t('connections.help')}
            onClick={tutorial.show}
            sx={{ position: 'fixed', right: 24, bottom: 24 }}
          >
            <HelpIcon />
          </Fab>
        </Tooltip>
      )}
    </Box>
  );
}
