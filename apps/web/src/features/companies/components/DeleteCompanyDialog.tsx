import type { CompanyDto } from '@atendo/shared';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { useDeleteCompany } from '../hooks/useCompanies';

/** Deleting a company removes everything it owns: the super admin types its name to confirm (the server checks it too). */
export function DeleteCompanyDialog({ company, onClose }: { company: CompanyDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useDeleteCompany();
  const [typed, setTyped] = useState('');
  // A new company to delete starts with an empty confirmation.
  const companyId = company?.id;
  useEffect(() => {
    if (companyId) setTyped('');
  }, [companyId]);
  const matches = Boolean(company) && typed.trim().toLowerCase() === company?.name.trim().toLowerCase();

  const confirm = async () => {
    if (!company) return;
    try {
      await remove.mutateAsync({ id: company.id, confirm: typed });
      toast.success(t('companies.saved'));
      onClose();
    } catch (err) {
      toast.error(failureMessage(t('companies.deleteFailed'), err));
    }
  };

  return (
    <Dialog open={Boolean(company)} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('confirmation.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('companies.deleteWarning', { name: company?.name ?? '' })}
        </Alert>
        <TextField
          autoFocus
          fullWidth
          label={t('companies.typeName')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && matches) void confirm();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" color="error" disabled={!matches || remove.isPending} onClick={() => void confirm()}>
          {t('companies.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
