import { ERROR_TOAST_MS, TOAST_MS } from '@atendo/shared';
import { enqueueSnackbar } from 'notistack';

/** Toasts appear top-centre (provider) and close after 3 s; error toasts after 2 s (seed 000 §8, 002 §2.18). */
export const toast = {
  success: (message: string) => enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_MS }),
  info: (message: string) => enqueueSnackbar(message, { variant: 'info', autoHideDuration: TOAST_MS }),
  warning: (message: string) => enqueueSnackbar(message, { variant: 'warning', autoHideDuration: TOAST_MS }),
  error: (message: string) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: ERROR_TOAST_MS }),
};
