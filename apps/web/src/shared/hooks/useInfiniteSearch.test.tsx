import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isNearBottom, type PageRequest, useInfiniteSearch } from './useInfiniteSearch';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('isNearBottom', () => {
  it('is true within 100 px of the bottom', () => {
    expect(isNearBottom({ scrollHeight: 1000, scrollTop: 450, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, scrollTop: 300, clientHeight: 500 })).toBe(false);
  });
});

describe('useInfiniteSearch', () => {
  it('loads page 1, pages on, and restarts at page 1 after a debounced search', async () => {
    const calls: { searchParam: string; pageNumber: number }[] = [];
    const fetchPage = vi.fn(async ({ searchParam, pageNumber }: PageRequest) => {
      calls.push({ searchParam, pageNumber });
      return { records: [{ id: `${searchParam}-${pageNumber}` }], hasMore: pageNumber < 2 };
    });
    const { result } = renderHook(() => useInfiniteSearch({ queryKey: ['things'], fetchPage, debounceMs: 20 }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.records).toHaveLength(1));
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.records).toHaveLength(2));
    expect(result.current.hasMore).toBe(false);

    act(() => result.current.setSearch('ana'));
    await waitFor(() => expect(result.current.records).toEqual([{ id: 'ana-1' }]));
    expect(calls).toEqual([
      { searchParam: '', pageNumber: 1 },
      { searchParam: '', pageNumber: 2 },
      { searchParam: 'ana', pageNumber: 1 },
    ]);
  });
});
