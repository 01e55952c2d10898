import type { UserDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/Logout';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { Avatar, Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useQueueEvents } from '../../../shared/data/queues/useQueues';
import {
  useDeleteUser,
  useEndUserSessions,
  useResetUserTwoFactor,
  useUserEvents,
  useUsersTable,
} from '../../../shared/data/users/useUsers';
import { mediaUrl } from '../../../shared/media';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { ColorChip } from '../../../shared/ui/ColorChip';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { UserModal } from '../components/UserModal';

export default function UsersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const table = useUsersTable();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<UserDto | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<UserDto | null>(null);
  const [acting, setActing] = useState<{ kind: 'endSessions' | 'resetTwoFactor'; user: UserDto } | null>(null);
  const endSessions = useEndUserSessions();
  const resetTwoFactor = useResetUserTwoFactor();
  useUserEvents();
  useQueueEvents();

  const columns: Column<UserDto>[] = [
    {
      key: 'name',
      header: t('users.name'),
      render: (u) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Avatar src={mediaUrl(u.profileImage)} alt={u.name} sx={{ width: 28, height: 28 }}>
            {u.name[0]?.toUpperCase()}
          </Avatar>
          <span>{u.name}</span>
          <Box
            component="span"
            title={u.online ? t('users.online') : t('users.offline')}
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: u.online ? 'success.main' : 'grey.400' }}
          />
        </Stack>
      ),
    },
    { key: 'email', header: t('users.email'), render: (u) => u.email },
    { key: 'profile', header: t('users.profile'), render: (u) => t(`users.profiles.${u.profile}`) },
    {
      key: 'queues',
      header: t('users.queues'),
      render: (u) => (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {u.queues.map((q) => (
            <ColorChip key={q.id} size="small" label={q.name} bg={q.color} />
          ))}
        </Stack>
      ),
    },
    { key: 'hours', header: t('users.workHours'), render: (u) => `${u.startWork}–${u.endWork}` },
    {
      key: 'actions',
      header: t('users.actions'),
      align: 'center',
      render: (u) => (
        <>
          <Tooltip title={t('users.edit')}>
            <IconButton
              size="small"
              aria-label={`${t('users.edit')} ${u.name}`}
              onClick={() => {
                setEditing(u);
                setModalOpen(true);
              }}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('users.endSessions')}>
            <span>
              <IconButton
                size="small"
                aria-label={`${t('users.endSessions')} ${u.name}`}
                disabled={u.id === me.id}
                onClick={() => setActing({ kind: 'endSessions', user: u })}
              >
                <LogoutIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('users.resetTwoFactor')}>
            <span>
              <IconButton
                size="small"
                aria-label={`${t('users.resetTwoFactor')} ${u.name}`}
                disabled={u.id === me.id}
                onClick={() => setActing({ kind: 'resetTwoFactor', user: u })}
              >
                <PhonelinkEraseIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('users.delete')}>
            <span>
              <IconButton
                size="small"
                aria-label={`${t('users.delete')} ${u.name}`}
                disabled={u.id === me.id}
                onClick={() => setDeleting(u)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <>
      <SearchableInfiniteTable
        title={t('users.title')}
        table={table}
        columns={columns}
        getRowId={(u) => u.id}
        searchLabel={t('users.search')}
        emptyText={t('users.empty')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setEditing(null);
              setModalOpen(true);
            }}
          >
            {t('users.add')}
          </Button>
        }
      />
      <UserModal open={modalOpen} onClose={() => setModalOpen(false)} user={editing} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        title={deleting ? t('users.deleteTitle', { name: deleting.name }) : undefined}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('users.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('users.deleteMessage')}
      </ConfirmationDialog>
      <ConfirmationDialog
        open={Boolean(acting)}
        onClose={() => setActing(null)}
        busy={endSessions.isPending || resetTwoFactor.isPending}
        title={acting ? t(`users.${acting.kind}Title`, { name: acting.user.name }) : undefined}
        confirmLabel={acting ? t(`users.${acting.kind}`) : undefined}
        onConfirm={async () => {
          if (!acting) return;
          try {
            await (acting.kind === 'endSessions' ? endSessions : resetTwoFactor).mutateAsync(acting.user.id);
            toast.success(t(`users.${acting.kind}Done`, { name: acting.user.name }));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {acting ? t(`users.${acting.kind}Message`) : null}
      </ConfirmationDialog>
    </>
  );
}
