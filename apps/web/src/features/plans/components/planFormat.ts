/** The plan's price as the tab shows it: the amount (useMoney) per month, or 'Consulte' when it has none (seed 001). */
export function planPriceLabel(
  amount: number | null | undefined,
  perMonth: string,
  ask: string,
  money: (value: number) => string,
): string {
  if (!amount) return ask;
  return `${money(amount)} ${perMonth}`;
}
