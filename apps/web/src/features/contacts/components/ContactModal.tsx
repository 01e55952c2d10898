import type { TagRefDto } from '@atendo/shared';
import { CONTACT_NAME_MAX_PAGE, type ContactItemDto, can, contactEditSchema, contactFormSchema } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Dialog, DialogContent, DialogTitle, Divider, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { useContact, useSaveContact } from '../../../shared/data/contacts/useContacts';
import { tagDiff, useContactTags, useSyncContactTags } from '../../../shared/data/tags/useTagging';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { TagPicker } from '../../../shared/ui/TagPicker';
import { ContactPrivacyActions } from './ContactPrivacyActions';

interface Form {
  name: string;
  number: string;
  email: string;
  extraInfo: { id?: number; name: string; value: string }[];
}

const empty: Form = { name: '', number: '', email: '', extraInfo: [] };

/**
 * Add/edit a contact (seed 000 §5: name 2–250 here, number 8–50 digits with country code — a valid number for its
 * country, decision 111 — valid e-mail).
 */
export function ContactModal({ open, contactId, onClose }: { open: boolean; contactId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  // The LGPD export and erasure are an admin's (the permission that deletes contacts).
  const canErase = can(useCurrentUser(), 'contacts-page:deleteContact');
  const { data } = useContact(open ? contactId : null);
  const save = useSaveContact();
  const savedTags = useContactTags(open ? contactId : null);
  const syncTags = useSyncContactTags();
  const [tags, setTags] = useState<TagRefDto[]>([]);
  // A new contact's number is a phone number; a stored one is checked again only when it changes, and never as a
  // phone for a group or a Facebook/Instagram contact, whose "number" is an id (decision 111).
  const current = contactId && data ? data : null;
  const resolver = useMemo(
    () => zodResolver(current ? contactEditSchema(current) : contactFormSchema(CONTACT_NAME_MAX_PAGE)) as never,
    [current],
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver, defaultValues: empty });
  const fields = { register, errors };
  const extra = useFieldArray({ control, name: 'extraInfo' });

  useEffect(() => {
    if (!open) return;
    const c: ContactItemDto | undefined = contactId ? data : undefined;
    reset(c ? { name: c.name, number: c.number, email: c.email, extraInfo: c.extraInfo ?? [] } : empty);
  }, [open, contactId, data, reset]);

  useEffect(() => {
    if (open) setTags(contactId ? (savedTags.data ?? []) : []);
  }, [open, contactId, savedTags.data]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: contactId ?? undefined, body: values });
      const before = contactId ? (savedTags.data ?? []) : [];
      const { add, remove } = tagDiff(before, tags);
      if (add.length || remove.length) await syncTags.mutateAsync({ contactId: saved.id, tags });
      toast.success(t('contacts.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['name', 'number', 'email'])) toastError(err);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{contactId ? t('contacts.edit') : t('contacts.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField {...fields} name="name" label={t('contacts.fields.name')} autoFocus />
            <FormTextField
              {...fields}
              name="number"
              label={t('contacts.fields.number')}
              placeholder="5513912344321"
              helperText={t('contacts.numberHelp')}
            />
            <FormTextField {...fields} name="email" label={t('contacts.fields.email')} type="email" />
            <TagPicker label={t('tags.picker.label')} value={tags} onChange={setTags} testId="contact-tags" size="medium" />
            <Typography variant="subtitle2">{t('contacts.extraInfo')}</Typography>
            {extra.fields.map((f, i) => (
              <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <FormTextField {...fields} name={`extraInfo.${i}.name`} size="small" label={t('contacts.fields.extraName')} />
                <FormTextField
                  {...fields}
                  name={`extraInfo.${i}.value`}
                  size="small"
                  label={t('contacts.fields.extraValue')}
                  sx={{ flex: 1 }}
                />
                <IconButton aria-label={t('contacts.removeExtra')} onClick={() => extra.remove(i)}>
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
            ))}
            <Button
              startIcon={<AddIcon />}
              onClick={() => extra.append({ name: '', value: '' })}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('contacts.addExtra')}
            </Button>
          </Stack>
          {contactId && data && canErase && (
            <>
              <Divider sx={{ my: 2 }} />
              <ContactPrivacyActions contact={data} onErased={onClose} />
            </>
          )}
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
