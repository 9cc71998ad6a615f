import { createContext, useCallback, useContext, useEffect, useState } from 'react';

/**
 * The columns a user has hidden in a list, kept in this browser per user and per list. Not under the
 * sign-in prefix (`signInDataPrefix`): a choice of columns tells nothing about anyone, so it stays
 * when its user signs out and is theirs again at the next sign-in, and another user has their own.
 */
const prefix = 'genodesk.columns.';

export const columnChoiceKey = (userId: number, table: string) => `${prefix}${userId}.${table}`;

/** Whose choices the tables below keep: the signed-in user's id (the app's layout provides it). */
export const ColumnChoiceOwner = createContext<number | null>(null);

export function readHiddenColumns(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(key: string, hidden: readonly string[]) {
  try {
    if (hidden.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(hidden));
  } catch {
    // A browser that keeps nothing (private mode, storage full) still hides the column for this visit.
  }
}

/** The keys of the columns the user has hidden in the list `table`, and how to change them. */
export function useHiddenColumns(table: string) {
  const owner = useContext(ColumnChoiceOwner);
  const key = owner === null ? null : columnChoiceKey(owner, table);
  const [hidden, setHidden] = useState<string[]>(() => (key ? readHiddenColumns(key) : []));
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    // Another list or another user in the same mounted table: read theirs.
    setShownKey(key);
    setHidden(key ? readHiddenColumns(key) : []);
  }

  useEffect(() => {
    if (!key) return;
    // The same user's choice changed in another tab.
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) setHidden(readHiddenColumns(key));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);

  const change = useCallback(
    (next: string[]) => {
      setHidden(next);
      if (key) writeHiddenColumns(key, next);
    },
    [key],
  );
  return [hidden, change] as const;
}
