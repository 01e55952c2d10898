import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, failureMessage } from '../api/errors';
import { toast } from '../toast';
import { ConfirmationDialog } from './ConfirmationDialog';
import { LoadError } from './LoadError';
import { Loading } from './Loading';
import { TableStateRows } from './TableStateRows';

/**
 * The super admin's settings tabs that put a form over their table (seed 001 "Plans and helps"): a row click (or Enter)
 * loads the row into the form; save creates or updates, toasts, and clears the form 0.5 s later; delete asks first.
 * The feature's texts are under one key `ns`: `.saved`, `.saveFailed`, `.deleteFailed`, `.clear`, `.delete`, `.save`,
 * `.loadFailed`, `.table`, `.empty`.
 */
export function useFormOverTable<F extends FieldValues, R extends { id: number }>(opts: {
  ns: string;
  empty: F;
  resolver: Resolver<F>;
  toForm: (row: R) => F;
  /** Takes the body the resolver parsed (its own input type, whatever the form's field types). */
  save: { mutateAsync: (v: { id?: number; body: never }) => Promise<unknown> };
  remove: { mutateAsync: (id: number) => Promise<unknown> };
}) {
  const { t } = useTranslation();
  const { ns, empty, save, remove } = opts;
  const [editing, setEditing] = useState<R | null>(null);
  const [confirming, setConfirming] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const form = useForm<F>({ defaultValues: empty as DefaultValues<F>, resolver: opts.resolver });
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const clear = () => {
    setEditing(null);
    form.reset(empty);
  };
  const select = (row: R) => {
    setEditing(row);
    form.reset(opts.toForm(row));
  };
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: editing?.id, body: body as never });
      toast.success(t(`${ns}.saved`));
      // Seed 001: the form resets 0.5 s after a submit.
      resetTimer.current = setTimeout(clear, 500);
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, Object.keys(empty))) toast.error(failureMessage(t(`${ns}.saveFailed`), err));
    }
  });
  const onDelete = async () => {
    if (!editing) return;
    try {
      await remove.mutateAsync(editing.id);
      toast.success(t(`${ns}.saved`));
      clear();
    } catch (err) {
      toast.error(failureMessage(t(`${ns}.deleteFailed`), err));
    }
  };

  /** Clear, delete (when editing) and save, at the form's foot; the confirmation before a delete. */
  const buttons = (
    <>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={clear}>{t(`${ns}.clear`)}</Button>
        {editing?.id ? (
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            {t(`${ns}.delete`)}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t(`${ns}.save`)}
        </Button>
      </Stack>
      <ConfirmationDialog open={confirming} onClose={() => setConfirming(false)} onConfirm={onDelete} />
    </>
  );

  return { form, fields: { register: form.register, errors: form.formState.errors }, editing, select, clear, onSubmit, buttons };
}

export interface FormTableColumn<R> {
  key: string;
  header: string;
  render: (row: R) => ReactNode;
  /** Long text cut with an ellipsis. */
  truncate?: boolean;
}

/** The table under the form: loading, a load error with retry, an empty row; a row click or Enter selects it. */
export function FormOverTableList<R extends { id: number }>({
  ns,
  query,
  columns,
  selectedId,
  onSelect,
}: {
  ns: string;
  query: UseQueryResult<R[]>;
  columns: FormTableColumn<R>[];
  selectedId: number | undefined;
  onSelect: (row: R) => void;
}) {
  const { t } = useTranslation();
  if (query.isLoading) return <Loading />;
  if (query.isError) {
    return (
      <Box>
        <Typography color="error" sx={{ mb: 1 }}>
          {t(`${ns}.loadFailed`)}
        </Typography>
        <LoadError compact error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t(`${ns}.table`)}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} sx={{ fontWeight: 600 }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(query.data ?? []).map((row) => (
            <TableRow
              key={row.id}
              hover
              selected={selectedId === row.id}
              onClick={() => onSelect(row)}
              sx={{ cursor: 'pointer' }}
              tabIndex={0}
              onKeyDown={(e) => e.key === 'Enter' && onSelect(row)}
            >
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  sx={
                    c.truncate ? { maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } : undefined
                  }
                >
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableStateRows query={query} count={query.data?.length ?? 0} colSpan={columns.length} emptyText={t(`${ns}.empty`)} />
        </TableBody>
      </Table>
    </TableContainer>
  );
}
