import { can, emailField, nameField, USER_FLAGS, type UserDto, V } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Avatar,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { useConnections } from '../../../shared/data/connections/useConnections';
import { useQueues } from '../../../shared/data/queues/useQueues';
import { useSaveUser } from '../../../shared/data/users/useUsers';
import { mediaUrl } from '../../../shared/media';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';

const flag = z.enum(['enabled', 'disabled']);
const time = z.string().regex(/^(([01]\d|2[0-3]):[0-5]0|23:59)$/, V.invalid);

/** Seed 001 §5: name 2–50, e-mail valid, password 5–50 (optional when editing). */
export function userFormSchema(editing: boolean) {
  return z.object({
    name: nameField(2, 50),
    email: emailField(),
    password: editing
      ? z.union([z.literal(''), z.string().min(5, V.tooShort).max(50, V.tooLong)])
      : z.string().min(1, V.required).min(5, V.tooShort).max(50, V.tooLong),
    profile: z.enum(['admin', 'user']),
    queueIds: z.array(z.number()),
    whatsappId: z.number().nullable(),
    startWork: time,
    endWork: time,
    farewellMessage: z.string().max(5000, V.tooLong),
    /** '' = each queue's default capacity. */
    assignmentCapacity: z.string().regex(/^([1-9]\d{0,2}|1000)?$/, V.invalid),
    ...Object.fromEntries(USER_FLAGS.map((f) => [f, flag])),
  });
}
type UserForm = z.infer<ReturnType<typeof userFormSchema>> & Record<(typeof USER_FLAGS)[number], 'enabled' | 'disabled'>;

function defaults(user: UserDto | null): UserForm {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile ?? 'user',
    queueIds: user?.queueIds ?? [],
    whatsappId: user?.whatsappId ?? null,
    startWork: user?.startWork ?? '00:00',
    endWork: user?.endWork ?? '23:59',
    farewellMessage: user?.farewellMessage ?? '',
    assignmentCapacity: user?.assignmentCapacity ? String(user.assignmentCapacity) : '',
    ...(Object.fromEntries(USER_FLAGS.map((f) => [f, user?.[f] ?? 'disabled'])) as Record<
      (typeof USER_FLAGS)[number],
      'enabled' | 'disabled'
    >),
  };
}

export interface UserModalProps {
  open: boolean;
  onClose: () => void;
  /** null: a new user. */
  user: UserDto | null;
}

/** Add/edit a user: tabs General and Permissions (seed 001 §2 "Users screen"). */
export function UserModal({ open, onClose, user }: UserModalProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const titleId = useId();
  const fileId = useId();
  const [tab, setTab] = useState<'general' | 'permissions'>('general');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const editing = Boolean(user);
  const queues = useQueues();
  const connections = useConnections();
  const save = useSaveUser();
  const canEditProfile = can(me, 'user-modal:editProfile');
  const canEditQueues = can(me, 'user-modal:editQueues');
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserForm>({ resolver: zodResolver(userFormSchema(editing)) as never, defaultValues: defaults(user) });
  const fields = { register, errors };

  useEffect(() => {
    if (open) {
      reset(defaults(user));
      setTab('general');
      setAvatar(null);
      setAvatarError(null);
    }
  }, [open, user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const { password, ...rest } = values;
    const body: Record<string, unknown> = {
      ...rest,
      farewellMessage: rest.farewellMessage || null,
      assignmentCapacity: rest.assignmentCapacity === '' ? null : Number(rest.assignmentCapacity),
    };
    if (password) body.password = password;
    // Only admins send what only admins may change (the server refuses it from anyone else).
    if (!canEditProfile) {
      delete body.profile;
      delete body.assignmentCapacity;
    }
    if (!canEditQueues) delete body.queueIds;
    try {
      await save.mutateAsync({ id: user?.id, values: body, avatar });
      toast.success(t('users.saved'));
      onClose();
    } catch (err) {
      const known = ['name', 'email', 'password', 'startWork', 'endWork', 'assignmentCapacity'];
      if (applyFieldErrors(err, setError, known)) setTab('general');
      else toastError(err);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{editing ? t('users.edit') : t('users.add')}</DialogTitle>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ px: 3 }}>
          <Tab value="general" label={t('users.tabs.general')} />
          <Tab value="permissions" label={t('users.tabs.permissions')} />
        </Tabs>
        <DialogContent dividers sx={{ minHeight: 380 }}>
          <Stack spacing={2} sx={{ display: tab === 'general' ? 'flex' : 'none' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Avatar
                src={avatar ? URL.createObjectURL(avatar) : mediaUrl(user?.profileImage ?? null)}
                alt={user?.name}
                sx={{ width: 56, height: 56 }}
              />
              <Box>
                <Button component="label" htmlFor={fileId} variant="outlined" size="small">
                  {t('users.avatar')}
                </Button>
                <input
                  id={fileId}
                  type="file"
                  accept="image/*"
                  hidden
                  aria-label={t('users.avatar')}
                  onChange={(e) => {
                    const file = e.target.files?.[0] ?? null;
                    e.target.value = '';
                    if (!file) return;
                    if (!file.type.startsWith('image/')) {
                      setAvatarError(t('users.imagesOnly'));
                      setAvatar(null);
                      return;
                    }
                    setAvatarError(null);
                    setAvatar(file);
                  }}
                />
                {avatarError && <FormHelperText error>{avatarError}</FormHelperText>}
                {avatar && <FormHelperText>{avatar.name}</FormHelperText>}
              </Box>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField {...fields} name="name" label={t('users.name')} fullWidth autoFocus />
              <FormTextField
                {...fields}
                name="password"
                label={t('users.password')}
                type="password"
                autoComplete="new-password"
                fullWidth
                helperText={editing ? t('users.passwordHint') : undefined}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField {...fields} name="email" label={t('users.email')} type="email" fullWidth />
              <Controller
                control={control}
                name="profile"
                render={({ field }) => (
                  <TextField select label={t('users.profile')} fullWidth disabled={!canEditProfile} {...field}>
                    <MenuItem value="admin">{t('users.profiles.admin')}</MenuItem>
                    <MenuItem value="user">{t('users.profiles.user')}</MenuItem>
                  </TextField>
                )}
              />
            </Stack>
            <Controller
              control={control}
              name="queueIds"
              render={({ field }) => (
                <FormControl fullWidth disabled={!canEditQueues}>
                  <InputLabel id={`${fileId}-queues`}>{t('users.queues')}</InputLabel>
                  <Select
                    labelId={`${fileId}-queues`}
                    label={t('users.queues')}
                    multiple
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value as number[])}
                    renderValue={(ids) =>
                      (queues.data ?? [])
                        .filter((q) => ids.includes(q.id))
                        .map((q) => q.name)
                        .join(', ')
                    }
                  >
                    {(queues.data ?? []).map((q) => (
                      <MenuItem key={q.id} value={q.id}>
                        <Checkbox checked={field.value.includes(q.id)} size="small" />
                        <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: q.color, mr: 1 }} />
                        <ListItemText primary={q.name} />
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="whatsappId"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('users.connection')}
                    fullWidth
                    slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                    disabled={!canEditProfile}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                  >
                    <MenuItem value="">{t('users.noConnection')}</MenuItem>
                    {(connections.data ?? []).map((c) => (
                      <MenuItem key={c.id} value={c.id}>
                        {c.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <FormTextField
                {...fields}
                name="startWork"
                label={t('users.startWork')}
                type="time"
                fullWidth
                disabled={!canEditProfile}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 600 } }}
              />
              <FormTextField
                {...fields}
                name="endWork"
                label={t('users.endWork')}
                type="time"
                fullWidth
                disabled={!canEditProfile}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 600 } }}
              />
            </Stack>
            <FormTextField
              {...fields}
              name="assignmentCapacity"
              label={t('users.assignmentCapacity')}
              helperText={t('users.assignmentCapacityHelp')}
              inputMode="numeric"
              disabled={!canEditProfile}
            />
            <FormTextField {...fields} name="farewellMessage" label={t('users.farewellMessage')} multiline minRows={2} />
          </Stack>
          <Stack spacing={1} sx={{ display: tab === 'permissions' ? 'flex' : 'none' }}>
            {USER_FLAGS.map((f) => (
              <Controller
                key={f}
                control={control}
                name={f}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value === 'enabled'}
                        disabled={!canEditProfile}
                        onChange={(e) => field.onChange(e.target.checked ? 'enabled' : 'disabled')}
                      />
                    }
                    label={t(`users.flags.${f}`)}
                  />
                )}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} submitLabel={editing ? t('common.save') : t('users.create')} />
      </form>
    </Dialog>
  );
}
