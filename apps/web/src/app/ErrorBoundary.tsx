import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../shared/ui/LoadError';

/** Seed 001 "Page load error": 'Erro ao carregar a página' with a button that reloads the page. */
function PageLoadError({ fullScreen }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <LoadError
      error={null}
      message={t('common.pageLoadError')}
      retryLabel={t('common.reload')}
      onRetry={() => window.location.reload()}
      fullScreen={fullScreen}
    />
  );
}

interface Props {
  children: ReactNode;
  fullScreen?: boolean;
  /** When it changes (another page), a shown error is dropped — without remounting a healthy page. */
  resetKey?: string;
}

/**
 * A screen that throws while rendering shows 'Erro ao carregar a página' and a reload instead of a blank page
 * (issue 16 item 2, issue 37 item 12): a page loaded again also fetches a chunk the server replaced.
 */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(before: Props) {
    if (this.state.error && before.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    // a rendering fault (or a page chunk that failed to download) is not the user's to read: never the stack
    if (this.state.error) return <PageLoadError fullScreen={this.props.fullScreen} />;
    return this.props.children;
  }
}
