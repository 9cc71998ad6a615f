import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  draftKey,
  type ProductDraftValues,
  readDraft,
  useProductDraft,
  writeDraft,
} from './use-product-draft';

const saved: ProductDraftValues = {
  doctorIntro: '<p>Saved</p>',
  doctorIntroReproductiveGenetics: '',
  doctorIntroReproductiveGeneticsEnabled: false,
};
const typed: ProductDraftValues = { ...saved, doctorIntro: '<p>Typed</p>' };

describe('useProductDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps what is typed under genodesk.productDraft.<id> after the debounce', () => {
    const { result } = renderHook(() => useProductDraft(3, 7, saved, 500));
    act(() => result.current.save(typed));
    expect(localStorage.getItem(draftKey(3, 7))).toBeNull();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(draftKey(3, 7)).toBe('genodesk.session.productDraft.3.7');
    // Another user at this browser does not get it.
    expect(readDraft(4, 7)).toBeNull();
    expect(readDraft(3, 7)).toMatchObject(typed);
    expect(readDraft(3, 8)).toBeNull();
  });

  it('writes only the last of quick keystrokes', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const { result } = renderHook(() => useProductDraft(3, 7, saved, 500));
    act(() => {
      result.current.save({ ...saved, doctorIntro: '<p>T</p>' });
      vi.advanceTimersByTime(200);
      result.current.save({ ...saved, doctorIntro: '<p>Ty</p>' });
      vi.advanceTimersByTime(200);
      result.current.save(typed);
      vi.advanceTimersByTime(500);
    });
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(readDraft(3, 7)?.doctorIntro).toBe('<p>Typed</p>');
    setItem.mockRestore();
  });

  it('offers a stored draft when the editor opens again', () => {
    writeDraft(3, 7, typed);
    const { result } = renderHook(() => useProductDraft(3, 7, saved, 500));
    expect(result.current.initial).toMatchObject(typed);
  });

  it('waits for the saved values before offering the draft', () => {
    writeDraft(3, 7, typed);
    const { result, rerender } = renderHook(({ values }) => useProductDraft(3, 7, values, 500), {
      initialProps: { values: null as ProductDraftValues | null },
    });
    expect(result.current.initial).toBeNull();
    rerender({ values: saved });
    expect(result.current.initial).toMatchObject(typed);
  });

  it('drops a draft equal to what is saved', () => {
    writeDraft(3, 7, saved);
    const { result } = renderHook(() => useProductDraft(3, 7, saved, 500));
    expect(result.current.initial).toBeNull();
    expect(localStorage.getItem(draftKey(3, 7))).toBeNull();
  });

  it('removes the draft when typing returns to the saved text', () => {
    writeDraft(3, 7, typed);
    const { result } = renderHook(() => useProductDraft(3, 7, saved, 500));
    act(() => {
      result.current.save(saved);
      vi.advanceTimersByTime(500);
    });
    expect(localStorage.getItem(draftKey(3, 7))).toBeNull();
  });

  it('clears the draft (after a save or a discard), including a pending write', () => {
    const { result } = renderHook(() => useProductDraft(3, 7, saved, 500));
    act(() => {
      result.current.save(typed);
      result.current.clear();
      vi.advanceTimersByTime(1000);
    });
    expect(localStorage.getItem(draftKey(3, 7))).toBeNull();
    expect(result.current.initial).toBeNull();
  });

  it('keeps the last keystrokes when the editor is left before the debounce', () => {
    const { result, unmount } = renderHook(() => useProductDraft(3, 7, saved, 500));
    act(() => result.current.save(typed));
    unmount();
    expect(readDraft(3, 7)?.doctorIntro).toBe('<p>Typed</p>');
  });

  it('ignores a damaged stored draft', () => {
    localStorage.setItem(draftKey(3, 7), '{not json');
    expect(readDraft(3, 7)).toBeNull();
    localStorage.setItem(draftKey(3, 7), JSON.stringify({ doctorIntro: 3 }));
    expect(readDraft(3, 7)).toBeNull();
  });
});
