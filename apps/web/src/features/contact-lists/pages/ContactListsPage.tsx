import type { ContactListDto } from '@atendo/shared';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { downloadSample, useContactListsPage, useDeleteContactList } from '../../../shared/data/contact-lists/useContactLists';
import { CrudListPage } from '../../../shared/ui/CrudListPage';
import { ContactListModal } from '../components/ContactListModal';

/** /contact-lists (seed 002 §2.5): name, contacts count, sample download, open, edit, delete; add; search. */
export default function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CrudListPage<ContactListDto>
      ns="contactLists"
      table={useContactListsPage()}
      remove={useDeleteContactList()}
      columns={[
        { key: 'name', header: t('contactLists.fields.name'), render: (r) => r.name },
        { key: 'count', header: t('contactLists.fields.contactsCount'), align: 'center', render: (r) => r.contactsCount },
      ]}
      rowActions={(r) => (
        <>
          <Tooltip title={t('contactLists.sample')}>
            <IconButton aria-label={t('contactLists.sample')} onClick={() => downloadSample().catch(toastError)}>
              <DownloadIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('contactLists.openContacts')}>
            <IconButton aria-label={t('contactLists.openContacts')} onClick={() => navigate(`/contact-lists/${r.id}/contacts`)}>
              <PeopleIcon />
            </IconButton>
          </Tooltip>
        </>
      )}
      editor={(p) => <ContactListModal {...p} />}
    />
  );
}
