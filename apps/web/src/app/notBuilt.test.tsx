import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAnnouncementsBell } from '../features/announcements/hooks/useAnnouncementsBell';
import { useChatsBell } from '../features/chats/hooks/useChatsBell';
import { isNotBuilt, NOT_BUILT_ROUTES } from '../shared/api/notBuilt';
import { useConnectionTargets } from '../shared/data/connections/useConnections';
import { useTargets } from '../shared/data/queues/useQueues';
import { mockFetch } from '../test/render';

afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);
const called = (spy: ReturnType<typeof mockFetch>) =>
  spy.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input)).pathname);

describe('routes not built yet (issue 16 item 11)', () => {
  it('none is left: prompts, queue integrations and files are built (issue 21), so every call reaches the server', () => {
    expect(NOT_BUILT_ROUTES).toEqual([]);
    for (const path of ['/prompt', '/prompt/3', '/queueIntegration', '/files', '/files/3', '/queue']) {
      expect(isNotBuilt(path)).toBe(false);
    }
  });

  it('the bells and the pickers read them as empty and send no failed request', async () => {
    const spy = mockFetch({
      '/users/list': [],
      '/announcements/': { records: [], count: 0, hasMore: false },
      '/chats/': { records: [], hasMore: false },
      '/queueIntegration': { queueIntegrations: [], hasMore: false, count: 0 },
      '/files': { files: [], hasMore: false, count: 0 },
    });
    const { result } = renderHook(
      () => ({
        announcements: useAnnouncementsBell(),
        chats: useChatsBell(7, true),
        targets: useTargets({ integrations: true }),
        connectionTargets: useConnectionTargets({ prompts: false, integrations: true }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.announcements.isLoading).toBe(false));
    expect(result.current.announcements.records).toEqual([]);
    expect(result.current.chats.records).toEqual([]);
    expect(result.current.targets.files).toEqual([]);
    expect(result.current.connectionTargets.prompts).toEqual([]);
    expect(called(spy).filter((p) => isNotBuilt(p))).toEqual([]);
  });
});
