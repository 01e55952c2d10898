import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFirstVisit } from './TutorialVideoDialog';

beforeEach(() => localStorage.clear());

describe('useFirstVisit', () => {
  it('a first visit opens no dialog without a video, and keeps the flag for when one is configured', () => {
    const { result } = renderHook(() => useFirstVisit('hasVisitedQueues'));
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem('hasVisitedQueues')).toBeNull();
  });

  it('with a video the first visit opens it, later visits do not', () => {
    const first = renderHook(() => useFirstVisit('hasVisitedQueues', 'https://www.youtube.com/embed/abcdefghijk'));
    expect(first.result.current.open).toBe(true);
    first.result.current.close();
    const again = renderHook(() => useFirstVisit('hasVisitedQueues', 'https://www.youtube.com/embed/abcdefghijk'));
    expect(again.result.current.open).toBe(false);
  });
});
