import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useUserList } from '../../../shared/data/users/useUsers';
import { useCurrentUser } from '../../../shared/session/context';
import { type Chat, useSaveChat } from '../hooks/useChats';

type Option = { id: number; name: string };

/** The chat dialog (seed 002 §5): a title and users; saving needs both. */
export function ChatDialog({
  open,
  chat,
  onClose,
  onSaved,
}: {
  open: boolean;
  chat: Chat | null;
  onClose: () => void;
  onSaved: (c: Chat) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const me = useCurrentUser();
  const users = useUserList(open);
  const save = useSaveChat();
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<Option[]>([]);

  useEffect(() => {
    if (!open) return;
    setTitle(chat?.title ?? '');
    setChosen(chat ? chat.users.filter((u) => u.userId !== me.id).map((u) => ({ id: u.userId, name: u.user.name })) : []);
  }, [open, chat, me.id]);

  const options = (users.data ?? []).filter((u) => u.id !== me.id).map((u) => ({ id: u.id, name: u.name }));
  const valid = title.trim().length > 0 && chosen.length > 0;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{chat ? t('chats.edit') : t('chats.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('chats.fields.title')} value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />
          <Autocomplete
            multiple
            options={options}
            value={chosen}
            loading={users.isLoading}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, v) => setChosen(v)}
            noOptionsText={t('common.noOptions')}
            renderInput={(params) => (
              <TextField {...params} label={t('chats.fields.users')} helperText={t('chats.fields.usersHelp')} />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!valid || save.isPending}
          onClick={() =>
            save.mutate(
              { id: chat?.id, body: { title: title.trim(), users: chosen.map((u) => u.id) } },
              {
                onSuccess: (saved) => {
                  onSaved(saved);
                  onClose();
                },
                onError: toastError,
              },
            )
          }
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
