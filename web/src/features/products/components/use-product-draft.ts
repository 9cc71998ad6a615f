import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';

/** What the product editor keeps while the doctor types. */
export interface ProductDraftValues {
  doctorIntro: string;
  doctorIntroReproductiveGenetics: string;
  doctorIntroReproductiveGeneticsEnabled: boolean;
}

export interface StoredProductDraft extends ProductDraftValues {
  savedAt: string;
}

export const draftKey = (productId: number) => `genodesk.productDraft.${productId}`;

export function readDraft(productId: number): StoredProductDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(productId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredProductDraft>;
    if (typeof value.doctorIntro !== 'string' || typeof value.doctorIntroReproductiveGenetics !== 'string')
      return null;
    return {
      doctorIntro: value.doctorIntro,
      doctorIntroReproductiveGenetics: value.doctorIntroReproductiveGenetics,
      doctorIntroReproductiveGeneticsEnabled: value.doctorIntroReproductiveGeneticsEnabled === true,
      savedAt: typeof value.savedAt === 'string' ? value.savedAt : new Date(0).toISOString(),
    };
  } catch {
    return null;
  }
}

export function writeDraft(productId: number, values: ProductDraftValues): void {
  try {
    const stored: StoredProductDraft = { ...values, savedAt: new Date().toISOString() };
    localStorage.setItem(draftKey(productId), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the editor still works, only without a draft.
  }
}

export function removeDraft(productId: number): void {
  try {
    localStorage.removeItem(draftKey(productId));
  } catch {
    // Storage disabled: nothing was kept.
  }
}

export function sameValues(a: ProductDraftValues, b: ProductDraftValues): boolean {
  return (
    a.doctorIntro === b.doctorIntro &&
    a.doctorIntroReproductiveGenetics === b.doctorIntroReproductiveGenetics &&
    a.doctorIntroReproductiveGeneticsEnabled === b.doctorIntroReproductiveGeneticsEnabled
  );
}

/**
 * The product editor's draft in browser storage (`genodesk.productDraft.<id>`): `initial` is the draft
 * found when the editor opened (when it differs from what is saved on the server), `save` keeps the
 * values as the doctor types (debounced), `discard` and `clear` remove it (the latter after a save).
 */
export function useProductDraft(productId: number, saved: ProductDraftValues | null, delayMs = 500) {
  const [initial, setInitial] = useState<StoredProductDraft | null>(null);
  const loaded = saved !== null;
  const savedRef = useRef(saved);
  savedRef.current = saved;

  // The draft is read once per product, when its saved values have arrived.
  useEffect(() => {
    const current = savedRef.current;
    if (!loaded || !current) return;
    const found = readDraft(productId);
    if (found && sameValues(found, current)) {
      removeDraft(productId);
      setInitial(null);
    } else setInitial(found);
  }, [productId, loaded]);

  const debouncedWrite = useDebouncedCallback(
    (values: ProductDraftValues) => {
      const current = savedRef.current;
      if (current && sameValues(values, current)) removeDraft(productId);
      else writeDraft(productId, values);
    },
    { delay: delayMs, flushOnUnmount: true },
  );

  const save = useCallback((values: ProductDraftValues) => debouncedWrite(values), [debouncedWrite]);
  const flush = useCallback(() => debouncedWrite.flush(), [debouncedWrite]);

  const clear = useCallback(() => {
    debouncedWrite.cancel();
    removeDraft(productId);
    setInitial(null);
  }, [debouncedWrite, productId]);

  return { initial, save, flush, clear };
}
