import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Clock, makeClock } from '../clock';
import { SessionContext } from '../session/context';

/** The company's time zone and the UI language, for the formatters of shared/clock.ts. */
export function useClock(): Clock {
  const { i18n } = useTranslation();
  const timeZone = useContext(SessionContext)?.user?.company?.timezone;
  return useMemo(() => makeClock(timeZone, i18n.language), [timeZone, i18n.language]);
}
