import { formatBRL } from '@atendo/shared';
import { useCallback } from 'react';
import { useClock } from './useClock';

/** Amounts in BRL as the UI language writes them (R$ 0,00 in Portuguese, R$0.00 in English): the one formatter of every screen. */
export function useMoney(): (value: number) => string {
  const { locale } = useClock();
  return useCallback((value: number) => formatBRL(value, locale), [locale]);
}
