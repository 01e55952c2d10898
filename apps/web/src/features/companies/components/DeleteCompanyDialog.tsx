import type { CompanyDto } from '@atendo/shared';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { TypedConfirmationDialog } from '../../../shared/ui/TypedConfirmationDialog';
import { useDeleteCompany } from '../hooks/useCompanies';

/** Deleting a company removes everything it owns: the super admin types its name to confirm (the server checks it too). */
export function DeleteCompanyDialog({ company, onClose }: { company: CompanyDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteCompany();

  const confirm = async (typed: string) => {
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
    <TypedConfirmationDialog
      open={Boolean(company)}
      title={t('confirmation.title')}
      warning={t('companies.deleteWarning', { name: company?.name ?? '' })}
      label={t('companies.typeName')}
      matches={(typed) => typed.trim().toLowerCase() === company?.name.trim().toLowerCase()}
      confirmLabel={t('companies.delete')}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
