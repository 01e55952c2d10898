import type { CompanyDto } from '@atendo/shared';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { downloadCompanyData } from '../hooks/useCompanies';

/** The super admin's export of a company's whole data (a zip), e.g. before deleting it (docs/privacy.md). */
export function CompanyExportButton({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCompanyData(company.id);
      toast.success(t('companies.exported'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('companies.exportData')}>
      <span>
        <IconButton aria-label={t('companies.exportNamed', { name: company.name })} disabled={busy} onClick={() => void run()}>
          {busy ? <CircularProgress size={20} /> : <DownloadOutlinedIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
