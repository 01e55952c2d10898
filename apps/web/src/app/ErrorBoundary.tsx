import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ApiError } from '../shared/api/client';
import { LoadError } from '../shared/ui/LoadError';

/** A page chunk that failed to download (the server restarted with a new build, or went away). */
const isChunkError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);

interface Props {
  children: ReactNode;
  fullScreen?: boolean;
  /** When it changes (another page), a shown error is dropped — without remounting a healthy page. */
  resetKey?: string;
}

/**
 * A screen that throws while rendering shows a translated error with a retry instead of a blank page
 * (issue 16 item 2). Retry renders again; a chunk that failed to load needs the page loaded again.
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

  private retry = () => {
    if (isChunkError(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  override render() {
    if (this.state.error) {
      // a rendering fault is not the user's to read: the generic text, never the stack
      return (
        <LoadError
          error={isChunkError(this.state.error) ? new ApiError(0, null, 'network') : null}
          onRetry={this.retry}
          fullScreen={this.props.fullScreen}
        />
      );
    }
    return this.props.children;
  }
}
