import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  FormHelperText,
  IconButton,
  InputAdornment,
  Stack,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { mediaUrl } from '../../../shared/media';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { isImageFile, ProfileForm, useUpdateProfile } from '../hooks/useUpdateProfile';

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const titleId = useId();
  const fileId = useId();
  const [showPassword, setShowPassword] = useState(false);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | undefined>(undefined);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver: zodResolver(ProfileForm),
    defaultValues: { name: user.name, email: user.email, password: '' },
  });
  const fields = { register, errors };

  useEffect(() => {
    if (open) {
      reset({ name: user.name, email: user.email, password: '' });
      setAvatar(null);
      setAvatarError(null);
    }
  }, [open, reset, user.name, user.email]);

  useEffect(() => {
    if (!avatar) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ values, avatar });
      toast.success(t('profile.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['name', 'email', 'password'])) toastError(err);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{t('profile.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Avatar src={preview ?? mediaUrl(user.profileImage)} alt={user.name} sx={{ width: 64, height: 64 }}>
                {user.name[0]?.toUpperCase()}
              </Avatar>
              <Box>
                <Button component="label" htmlFor={fileId} variant="outlined" size="small">
                  {t('profile.chooseAvatar')}
                </Button>
                <input
                  id={fileId}
                  type="file"
                  accept="image/*"
                  aria-label={t('profile.avatar')}
                  hidden
                  onChange={(e) => {
                    const file = e.target.files?.[0] ?? null;
                    e.target.value = '';
                    if (!file) return;
                    if (!isImageFile(file)) {
                      setAvatar(null);
                      setAvatarError(t('profile.imagesOnly'));
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
            <FormTextField {...fields} name="name" label={t('profile.name')} autoComplete="name" autoFocus />
            <FormTextField {...fields} name="email" label={t('profile.email')} type="email" autoComplete="email" />
            <FormTextField
              {...fields}
              name="password"
              label={t('profile.password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                        onClick={() => setShowPassword((v) => !v)}
                        edge="end"
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
              helperText={t('profile.passwordHint')}
            />
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
