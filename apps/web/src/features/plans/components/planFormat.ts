/** The plan's price as the tab shows it: 'R$ amount per month', or 'Consulte' when it has none (seed 001). */
export function planPriceLabel(amount: number | null | undefined, perMonth: string, ask: string): string {
  if (!amount) return ask;
  return `${new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(amount)} ${perMonth}`;
}
