import { useClock } from '../../../shared/hooks/useClock';

/** Numbers as the UI language writes them (9,5 in Portuguese), one decimal at most. */
export function useNumberFormat() {
  const { locale } = useClock();
  const f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (n: number) => f.format(n);
}
