import { formatPhoneNumber } from '@atendo/shared';
import { Avatar, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactInfo } from '../../../../shared/data/tickets/types';
import { mediaUrl } from '../../../../shared/media';
import { toast } from '../../../../shared/toast';
import type { useContactDrawer } from '../../hooks/useContactDrawer';

/** The contact's picture, name, number and e-mail, with the form that edits the name and the e-mail. */
export function ContactIdentity({ contact, save }: { contact: ContactInfo; save: ReturnType<typeof useContactDrawer>['save'] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: contact.name, email: contact.email });
  useEffect(() => setForm({ name: contact.name, email: contact.email }), [contact.name, contact.email]);
  const tooShort = form.name.trim().length < 2;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, p: 2 }}>
      <Avatar src={mediaUrl(contact.urlPicture)} alt={contact.name} sx={{ width: 72, height: 72, mb: 0.5 }} />
      {editing ? (
        <Stack spacing={1.5} sx={{ width: '100%', mt: 1 }}>
          <TextField
            size="small"
            label={t('inbox.contact.name')}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            error={tooShort}
            helperText={tooShort ? t('validation.tooShort') : ' '}
          />
          <TextField
            size="small"
            label={t('inbox.contact.email')}
            type="email"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="small"
              variant="contained"
              disabled={save.isPending || tooShort}
              onClick={() =>
                save.mutate(
                  { name: form.name.trim(), email: form.email.trim(), number: contact.number },
                  {
                    onSuccess: () => {
                      setEditing(false);
                      toast.success(t('inbox.contact.saved'));
                    },
                  },
                )
              }
            >
              {t('common.save')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <>
          <Typography variant="h6" data-testid="contact-drawer-name" sx={{ textAlign: 'center', wordBreak: 'break-word' }}>
            {contact.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="contact-panel-number">
            {formatPhoneNumber(contact.number)}
          </Typography>
          {contact.email ? (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {contact.email}
            </Typography>
          ) : null}
          <Button size="small" onClick={() => setEditing(true)}>
            {t('inbox.contact.edit')}
          </Button>
        </>
      )}
    </Box>
  );
}
