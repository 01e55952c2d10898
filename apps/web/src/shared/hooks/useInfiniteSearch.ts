import { DEBOUNCE_MS, LIST_PAGE_BOTTOM_PX } from '@atendo/shared';
import { type InfiniteData, type QueryClient, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { type UIEvent, useCallback, useMemo, useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

/** One page of a searchable list, as the API answers it ({ records, hasMore }). */
export interface Page<T> {
  records: T[];
  hasMore: boolean;
}

export interface PageRequest {
  searchParam: string;
  pageNumber: number;
  signal: AbortSignal;
}

export interface UseInfiniteSearchOptions<T> {
  /** Key prefix of this list in the query cache; live events update it through upsertRecord/removeRecord. */
  queryKey: QueryKey;
  fetchPage: (request: PageRequest) => Promise<Page<T>>;
  enabled?: boolean;
  debounceMs?: number;
}

/** True when the element is scrolled to within `threshold` px of its bottom. */
export function isNearBottom(
  el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  threshold = LIST_PAGE_BOTTOM_PX,
): boolean {
  return el.scrollHeight - (el.scrollTop + el.clientHeight) < threshold;
}

/**
 * Searchable, paged list (seed 002 §4 "List behaviour"): a new search term (debounced 500 ms)
 * starts again at page 1; scrolling within 100 px of the bottom loads the next page while more exist.
 */
export function useInfiniteSearch<T>({
  queryKey,
  fetchPage,
  enabled = true,
  debounceMs = DEBOUNCE_MS,
}: UseInfiniteSearchOptions<T>) {
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), debounceMs);
  const query = useInfiniteQuery({
    queryKey: [...queryKey, { searchParam }],
    queryFn: ({ pageParam, signal }) => fetchPage({ searchParam, pageNumber: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const records = useMemo(() => query.data?.pages.flatMap((p) => p.records) ?? [], [query.data]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      if (isNearBottom(event.currentTarget)) loadMore();
    },
    [loadMore],
  );

  return {
    search,
    setSearch,
    searchParam,
    records,
    hasMore: Boolean(hasNextPage),
    isLoading: query.isLoading,
    isFetchingMore: isFetchingNextPage,
    isError: query.isError,
    error: query.error,
    loadMore,
    onScroll,
    refetch: query.refetch,
  };
}

export type InfiniteSearch<T> = ReturnType<typeof useInfiniteSearch<T>>;

type Id = string | number;

/** Live "create/update" event: replace the record where it is, or put it first on page 1. */
export function upsertRecord<T>(client: QueryClient, queryKey: QueryKey, record: T, idOf: (r: T) => Id): void {
  client.setQueriesData<InfiniteData<Page<T>>>({ queryKey }, (data) => {
    if (!data) return data;
    const id = idOf(record);
    let found = false;
    const pages = data.pages.map((page) => ({
      ...page,
      records: page.records.map((r) => {
        if (idOf(r) !== id) return r;
        found = true;
        return record;
      }),
    }));
    if (!found && pages.length > 0) pages[0] = { ...pages[0], records: [record, ...pages[0].records] };
    return { ...data, pages };
  });
}

/** Live "delete" event. */
export function removeRecord<T>(client: QueryClient, queryKey: QueryKey, id: Id, idOf: (r: T) => Id): void {
  client.setQueriesData<InfiniteData<Page<T>>>({ queryKey }, (data) => {
    if (!data) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, records: page.records.filter((r) => idOf(r) !== id) })) };
  });
}
