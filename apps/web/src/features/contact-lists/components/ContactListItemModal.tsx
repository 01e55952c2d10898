import { ContactListItemBody, type ContactListItemDto } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { useSaveContactListItem } from '../../../shared/data/contact-lists/useContactLists';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';

interface Form {
  name: string;
  number: string;
  email: string;
  contactListId: number;
}

/** Add/edit a contact of a list: name 2–50, number 8–50 digits with the country code, optional valid e-mail (seed 002 §5). */
export function ContactListItemModal({
  open,
  contactListId,
  record,
  onClose,
}: {
  open: boolean;
  contactListId: number;
  record: ContactListItemDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveContactListItem();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(ContactListItemBody) as never });

  useEffect(() => {
    if (open) reset({ name: record?.name ?? '', number: record?.number ?? '', email: record?.email ?? '', contactListId });
  }, [open, record, reset, contactListId]);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: record?.id, body: { ...v, contactListId } });
      toast.success(t('contactLists.items.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['name', 'number', 'email'])) toastError(err);
    }
  });

  const fields = { register, errors };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{record ? t('contactLists.items.edit') : t('contactLists.items.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField {...fields} name="name" label={t('contactLists.items.fields.name')} autoFocus />
            <FormTextField {...fields} name="number" label={t('contactLists.items.fields.number')} placeholder="5513912344321" />
            <FormTextField {...fields} name="email" label={t('contactLists.items.fields.email')} type="email" />
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
