import { ContactListBody, type ContactListDto } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { useSaveContactList } from '../../../shared/data/contact-lists/useContactLists';
import { toast } from '../../../shared/toast';
import { DialogFormActions } from '../../../shared/ui/DialogFormActions';
import { FormTextField } from '../../../shared/ui/FormTextField';

/** Add/edit a contact list: a name of 2 to 50 characters (seed 002 §5). */
export function ContactListModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: ContactListDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveContactList();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ resolver: zodResolver(ContactListBody) as never });

  useEffect(() => {
    if (open) reset({ name: record?.name ?? '' });
  }, [open, record, reset]);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: record?.id, body: v });
      toast.success(t('contactLists.saved'));
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['name'])) toastError(err);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{record ? t('contactLists.edit') : t('contactLists.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField register={register} errors={errors} name="name" label={t('contactLists.fields.name')} autoFocus />
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
