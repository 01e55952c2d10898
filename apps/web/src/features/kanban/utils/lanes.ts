/** The lane a card sits in: its first tag that is one of the board's lanes, else the default first lane (null). */
export function laneOf(tags: { id: number; kanban: number }[], laneIds: Set<number>): number | null {
  return tags.find((t) => t.kanban === 1 && laneIds.has(t.id))?.id ?? null;
}
