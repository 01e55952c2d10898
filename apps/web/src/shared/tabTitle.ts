const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨', '⑩', '⑪', '⑫', '⑬', '⑭', '⑮', '⑯', '⑰', '⑱', '⑲', '⑳'];

/** The unread count as the tab shows it: ①…⑳ for 1 to 20, "(N)" above, nothing for 0. */
export function formatUnreadCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  const whole = Math.floor(count);
  if (whole >= 1 && whole <= 20) return CIRCLED[whole - 1];
  return `(${whole})`;
}

/** "① Atendo", "(21) Atendo", or just the app name when nothing is unread. */
export function formatTabTitle(appName: string, unread: number): string {
  const prefix = formatUnreadCount(unread);
  return prefix ? `${prefix} ${appName}` : appName;
}
