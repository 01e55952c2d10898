import { useCallback, useMemo } from 'react';
import { getItem, STORAGE_KEYS, setItem, useStorageItem } from '../../../shared/storage';

/** A local task (seed 002 §3): kept only in this browser. */
export interface Task {
  id: string;
  text: string;
  createdAt: string;
  updatedAt: string;
}

export function parseTasks(raw: string | null): Task[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    if (!Array.isArray(value)) return [];
    return value
      .filter((t): t is Partial<Task> & { text: string } => !!t && typeof t === 'object' && typeof (t as Task).text === 'string')
      .map((t, i) => ({
        id: typeof t.id === 'string' ? t.id : `legacy-${i}-${t.createdAt ?? ''}`,
        text: t.text,
        createdAt: t.createdAt ?? new Date(0).toISOString(),
        updatedAt: t.updatedAt ?? t.createdAt ?? new Date(0).toISOString(),
      }));
  } catch {
    return [];
  }
}

const readTasks = () => parseTasks(getItem(STORAGE_KEYS.tasks));

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

export function useTasks() {
  const raw = useStorageItem(STORAGE_KEYS.tasks);
  const tasks = useMemo(() => parseTasks(raw), [raw]);
  const write = useCallback((next: Task[]) => setItem(STORAGE_KEYS.tasks, JSON.stringify(next)), []);

  const add = useCallback(
    (text: string) => {
      const now = new Date().toISOString();
      write([...readTasks(), { id: newId(), text, createdAt: now, updatedAt: now }]);
    },
    [write],
  );
  const edit = useCallback(
    (id: string, text: string) => {
      const now = new Date().toISOString();
      write(readTasks().map((t) => (t.id === id ? { ...t, text, updatedAt: now } : t)));
    },
    [write],
  );
  const remove = useCallback((id: string) => write(readTasks().filter((t) => t.id !== id)), [write]);
  return { tasks, add, edit, remove };
}
