import { TOAST_MS } from '@atendo/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { BrowserRouter } from 'react-router';
import { ApiError } from '../shared/api/client';
import { AppThemeProvider } from '../shared/theme/AppThemeProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './routes';
import { SessionProvider } from './session/SessionProvider';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // a 4xx will answer the same again
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <SnackbarProvider maxSnack={3} autoHideDuration={TOAST_MS} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
          <BrowserRouter>
            <SessionProvider>
              <ErrorBoundary fullScreen>
                <AppRoutes />
              </ErrorBoundary>
            </SessionProvider>
          </BrowserRouter>
        </SnackbarProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
