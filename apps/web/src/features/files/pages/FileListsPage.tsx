import type { FileListDto } from '@atendo/shared';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../../shared/ui/CrudListPage';
import { FileListModal } from '../components/FileListModal';
import { useDeleteFileList, useFileListsPage } from '../hooks/useFileLists';

/** /files (seed 001 §2 "Queue integrations and file lists"): search, infinite scroll, add, edit, delete. */
export default function FileListsPage() {
  const { t } = useTranslation();
  return (
    <CrudListPage<FileListDto>
      ns="fileLists"
      table={useFileListsPage()}
      remove={useDeleteFileList()}
      columns={[
        { key: 'name', header: t('fileLists.fields.name'), render: (r) => r.name },
        { key: 'files', header: t('fileLists.fields.files'), render: (r) => <Chip size="small" label={r.options.length} /> },
      ]}
      editor={(p) => <FileListModal {...p} />}
    />
  );
}
