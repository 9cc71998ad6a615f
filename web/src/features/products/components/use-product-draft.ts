import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { signInDataPrefix } from '@/lib/tokens';

/** What the product editor keeps while the doctor types. */
export interface ProductDraftValues {
  doctorIntro: string;
  doctorIntroReproductiveGenetics: string;
  doctorIntroReproductiveGeneticsEnabled: boolean;
}

export interface StoredProductDraft extends ProductDraftValues {
  savedAt: string;
}

/** The doctor's own: under their id, among what a sign-out removes (`signInDataPrefix`). */
export const draftKey = (userId: number, productId: number) =>
  `${signInDataPrefix}productDraft.${userId}.${productId}`;

export function readDraft(userId: number, productId: number): StoredProductDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(userId, productId));
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

export function writeDraft(userId: number, productId: number, values: ProductDraftValues): void {
  try {
    const stored: StoredProductDraft = { ...values, savedAt: new Date().toISOString() };
    localStorage.setItem(draftKey(userId, productId), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the editor still works, only without a draft.
  }
}

export function removeDraft(userId: number, productId: number): void {
  try {
    localStorage.removeItem(draftKey(userId, productId));
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
 * The product editor's draft in browser storage (`genodesk.session.productDraft.<user>.<id>`, removed at
 * sign-out): `initial` is the draft
 * found when the editor opened (when it differs from what is saved on the server), `save` keeps the
 * values as the doctor types (debounced), `discard` and `clear` remove it (the latter after a save).
 */
export function useProductDraft(
  userId: number,
  productId: number,
  saved: ProductDraftValues | null,
  delayMs = 500,
) {
  const [initial, setInitial] = useState<StoredProductDraft | null>(null);
  const loaded = saved !== null;
  const savedRef = useRef(saved);
  savedRef.current = saved;

  // The draft is read once per product, when its saved values have arrived.
  useEffect(() => {
    const current = savedRef.current;
    if (!loaded || !current) return;
    const found = readDraft(userId, productId);
    if (found && sameValues(found, current)) {
      removeDraft(userId, productId);
      setInitial(null);
    } else setInitial(found);
  }, [userId, productId, loaded]);

  const debouncedWrite = useDebouncedCallback(
    (values: ProductDraftValues) => {
      const current = savedRef.current;
      if (current && sameValues(values, current)) removeDraft(userId, productId);
      else writeDraft(userId, productId, values);
    },
    { delay: delayMs, flushOnUnmount: true },
  );

  const save = useCallback((values: ProductDraftValues) => debouncedWrite(values), [debouncedWrite]);
  const flush = useCallback(() => debouncedWrite.flush(), [debouncedWrite]);

  const clear = useCallback(() => {
    debouncedWrite.cancel();
    removeDraft(userId, productId);
    setInitial(null);
  }, [debouncedWrite, userId, productId]);

  return { initial, save, flush, clear };
}
