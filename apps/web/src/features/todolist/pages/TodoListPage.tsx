import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { useTasks } from '../hooks/useTasks';

/** /todolist: tasks kept only in this browser (seed 002 §2.15). */
export default function TodoListPage() {
  const { t } = useTranslation();
  const { tasks, add, edit, remove } = useTasks();
  const clock = useClock();
  const [text, setText] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) return;
    if (editingId) edit(editingId, value);
    else add(value);
    setText('');
    setEditingId(null);
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('todolist.title')}
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            label={editingId ? t('todolist.editTask') : t('todolist.newTask')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            fullWidth
            onKeyDown={(e) => {
              if (e.key === 'Escape' && editingId) {
                setEditingId(null);
                setText('');
              }
            }}
          />
          <Button type="submit" variant="contained" disabled={!text.trim()} sx={{ minWidth: 120 }}>
            {editingId ? t('common.save') : t('todolist.add')}
          </Button>
          {editingId && (
            <Button
              onClick={() => {
                setEditingId(null);
                setText('');
              }}
            >
              {t('common.cancel')}
            </Button>
          )}
        </Stack>
      </Box>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
            {t('todolist.empty')}
          </Typography>
        ) : (
          <List aria-label={t('todolist.title')}>
            {tasks.map((task) => (
              <ListItem
                key={task.id}
                divider
                secondaryAction={
                  <>
                    <IconButton
                      aria-label={t('todolist.editNamed', { text: task.text })}
                      onClick={() => {
                        setEditingId(task.id);
                        setText(task.text);
                      }}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton
                      edge="end"
                      aria-label={t('todolist.deleteNamed', { text: task.text })}
                      onClick={() => setDeletingId(task.id)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </>
                }
              >
                <ListItemText
                  primary={task.text}
                  secondary={formatDateTime(clock, task.updatedAt)}
                  sx={{ pr: 8, wordBreak: 'break-word' }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <ConfirmationDialog
        open={deletingId !== null}
        onClose={() => setDeletingId(null)}
        onConfirm={() => {
          if (deletingId) remove(deletingId);
          if (deletingId === editingId) {
            setEditingId(null);
            setText('');
          }
        }}
      />
    </Box>
  );
}
