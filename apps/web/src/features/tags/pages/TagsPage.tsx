import type { TagRowDto } from '@atendo/shared';
import { Chip, Link } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteTag, useTagsPage } from '../../../shared/data/tags/useTags';
import { CrudListPage } from '../../../shared/ui/CrudListPage';
import { TagContactsDialog } from '../components/TagContactsDialog';
import { TagModal } from '../components/TagModal';

/** /tags (seed 002 §2.8): id, name as a coloured chip, contact count opening its dialog, edit and delete. */
export default function TagsPage() {
  const { t } = useTranslation();
  const [contactsOf, setContactsOf] = useState<TagRowDto | null>(null);
  return (
    <CrudListPage<TagRowDto>
      ns="tags"
      table={useTagsPage()}
      remove={useDeleteTag()}
      columns={[
        { key: 'id', header: 'ID', render: (r) => r.id, width: 80 },
        {
          key: 'name',
          header: t('tags.fields.name'),
          render: (r) => <Chip size="small" label={r.name} sx={{ bgcolor: r.color, color: '#fff' }} data-testid="tag-chip" />,
        },
        {
          key: 'contacts',
          header: t('tags.contacts'),
          align: 'center',
          render: (r) =>
            r.contactsCount > 0 ? (
              <Link component="button" onClick={() => setContactsOf(r)} aria-label={t('tags.contactsOf', { name: r.name })}>
                {r.contactsCount}
              </Link>
            ) : (
              0
            ),
        },
      ]}
      editor={({ record, ...p }) => <TagModal {...p} tag={record} />}
    >
      <TagContactsDialog tag={contactsOf} onClose={() => setContactsOf(null)} />
    </CrudListPage>
  );
}
