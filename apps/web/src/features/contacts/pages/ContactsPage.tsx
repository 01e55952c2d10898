import { type ContactItemDto, can, DEBOUNCE_MS, formatPhoneNumber, LIST_PAGE_BOTTOM_PX, type TagRefDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Autocomplete,
  Avatar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import {
  downloadContactsExport,
  useBlockContact,
  useContactEvents,
  useContactsList,
  useDeleteContact,
} from '../../../shared/data/contacts/useContacts';
import { useTagList } from '../../../shared/data/tags/useTags';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { ColorChip } from '../../../shared/ui/ColorChip';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { LoadError } from '../../../shared/ui/LoadError';
import { SearchField } from '../../../shared/ui/SearchField';
import { ContactModal } from '../components/ContactModal';
import { ImportPhoneContactsDialog } from '../components/ImportPhoneContactsDialog';
import { StartTicketDialog } from '../components/StartTicketDialog';

const ROW_PX = 56;
const GRID = '56px minmax(160px, 2fr) minmax(170px, 1fr) minmax(160px, 1.5fr) minmax(120px, 1.5fr) 190px';

/** The contact book (seed 000 §2 "Contacts"): search, tag filter, infinite virtualized table, import/export, actions. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), DEBOUNCE_MS);
  const [tagFilter, setTagFilter] = useState<TagRefDto[]>([]);
  const tagIds = useMemo(() => tagFilter.map((x) => x.id), [tagFilter]);
  const list = useContactsList(searchParam, tagIds);
  useContactEvents();
  const tags = useTagList({ kanban: false });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<ContactItemDto | null>(null);
  const [blocking, setBlocking] = useState<ContactItemDto | null>(null);
  const [ticketFor, setTicketFor] = useState<ContactItemDto | null>(null);
  const [importingPhone, setImportingPhone] = useState(false);
  const remove = useDeleteContact();
  const block = useBlockContact();
  const canDelete = can(me, 'contacts-page:deleteContact');

  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.contacts) ?? [], [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const maybeLoadMore = () => {
    const el = scrollRef.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - (el.scrollTop + el.clientHeight) < LIST_PAGE_BOTTOM_PX) void fetchNextPage();
  };
  // A first page shorter than the box cannot scroll: keep loading until it fills or ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows.length re-checks after each page
  useEffect(maybeLoadMore, [rows.length, hasNextPage, isFetchingNextPage]);

  const exportAll = async () => {
    setMenu(null);
    try {
      await downloadContactsExport();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 1, sm: 2 }, height: '100%' }}>
      {importingPhone ? <ImportPhoneContactsDialog onClose={() => setImportingPhone(false)} /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('contacts.title')} ({count})
        </Typography>
        <SearchField
          size="small"
          type="search"
          label={t('contacts.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Autocomplete
          multiple
          size="small"
          sx={{ minWidth: 220 }}
          options={tags.data ?? []}
          value={tagFilter}
          onChange={(_, v) => setTagFilter(v)}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={t('contacts.filterTags')} />}
        />
        <Button variant="outlined" endIcon={<MoreVertIcon />} onClick={(e) => setMenu(e.currentTarget)}>
          {t('contacts.importExport')}
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          <MenuItem onClick={() => navigate('/contacts/import')}>{t('contacts.import')}</MenuItem>
          <MenuItem
            onClick={() => {
              setMenu(null);
              setImportingPhone(true);
            }}
          >
            {t('contacts.importPhone.open')}
          </MenuItem>
          {canDelete ? <MenuItem onClick={exportAll}>{t('contacts.export')}</MenuItem> : null}
        </Menu>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ id: null })}>
          {t('contacts.add')}
        </Button>
      </Box>
      <Paper
        variant="outlined"
        role="table"
        aria-label={t('contacts.title')}
        sx={{ flex: 1, minHeight: 300, display: 'flex', flexDirection: 'column' }}
      >
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: GRID,
            px: 1,
            py: 1,
            fontWeight: 600,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box component="span" role="columnheader" />
          <Box component="span" role="columnheader">
            {t('contacts.fields.name')}
          </Box>
          <Box component="span" role="columnheader">
            {t('contacts.fields.number')}
          </Box>
          <Box component="span" role="columnheader">
            {t('contacts.fields.email')}
          </Box>
          <Box component="span" role="columnheader">
            {t('contacts.tags')}
          </Box>
          <Box component="span" role="columnheader" sx={{ textAlign: 'right' }}>
            {t('contacts.actions')}
          </Box>
        </Box>
        <Box
          ref={scrollRef}
          onScroll={maybeLoadMore}
          sx={{ flex: 1, overflowY: 'auto', maxHeight: 'calc(100vh - 230px)' }}
          data-testid="contacts-table"
        >
          <Box role="rowgroup" sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((v) => {
              const c = rows[v.index];
              return (
                <Box
                  key={c.id}
                  role="row"
                  data-testid="contact-row"
                  sx={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_PX,
                    transform: `translateY(${v.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: GRID,
                    alignItems: 'center',
                    px: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    opacity: c.active ? 1 : 0.6,
                  }}
                >
                  <Avatar role="cell" src={c.urlPicture || undefined} sx={{ width: 36, height: 36 }}>
                    {c.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Typography role="cell" noWrap title={c.name}>
                    {c.name}
                  </Typography>
                  <Typography role="cell" noWrap title={formatPhoneNumber(c.number)}>
                    {formatPhoneNumber(c.number)}
                  </Typography>
                  <Typography role="cell" noWrap color="text.secondary">
                    {c.email}
                  </Typography>
                  <Box role="cell" sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }}>
                    {c.tags.map((tag) => (
                      <ColorChip key={tag.id} size="small" label={tag.name} bg={tag.color} />
                    ))}
                  </Box>
                  <Box role="cell" sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                    <Tooltip title={t('contacts.openTicket')}>
                      <IconButton aria-label={t('contacts.openTicket')} onClick={() => setTicketFor(c)}>
                        <WhatsAppIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('contacts.edit')}>
                      <IconButton aria-label={t('contacts.edit')} onClick={() => setEditing({ id: c.id })}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={c.active ? t('contacts.block') : t('contacts.unblock')}>
                      <IconButton
                        aria-label={c.active ? t('contacts.block') : t('contacts.unblock')}
                        onClick={() => setBlocking(c)}
                      >
                        {c.active ? <BlockIcon /> : <CheckCircleOutlineIcon />}
                      </IconButton>
                    </Tooltip>
                    {canDelete ? (
                      <Tooltip title={t('contacts.delete')}>
                        <IconButton aria-label={t('contacts.delete')} onClick={() => setDeleting(c)}>
                          <DeleteOutlinedIcon />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </Box>
                </Box>
              );
            })}
          </Box>
          {!list.isLoading && rows.length === 0 ? (
            list.isError ? (
              <LoadError compact error={list.error} onRetry={() => void list.refetch()} />
            ) : (
              <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
                {t('contacts.empty')}
              </Typography>
            )
          ) : null}
          {list.isLoading || isFetchingNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <CircularProgress size={24} aria-label={t('common.loading')} />
            </Box>
          ) : null}
        </Box>
      </Paper>
      <ContactModal open={Boolean(editing)} contactId={editing?.id ?? null} onClose={() => setEditing(null)} />
      <StartTicketDialog contact={ticketFor} onClose={() => setTicketFor(null)} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('contacts.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('contacts.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('contacts.deleteMessage')}
      </ConfirmationDialog>
      <ConfirmationDialog
        open={Boolean(blocking)}
        onClose={() => setBlocking(null)}
        title={
          blocking?.active
            ? t('contacts.blockTitle', { name: blocking?.name ?? '' })
            : t('contacts.unblockTitle', { name: blocking?.name ?? '' })
        }
        confirmLabel={blocking?.active ? t('contacts.block') : t('contacts.unblock')}
        onConfirm={async () => {
          if (!blocking) return;
          try {
            await block.mutateAsync({ id: blocking.id, active: !blocking.active });
            toast.success(blocking.active ? t('contacts.blocked') : t('contacts.unblocked'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {blocking?.active ? t('contacts.blockMessage') : t('contacts.unblockMessage')}
      </ConfirmationDialog>
    </Box>
  );
}
