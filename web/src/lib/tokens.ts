import type { TokenPair } from '@genodesk/contract/auth';
import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'token';
const REFRESH_KEY = 'refreshToken';
/**
 * Browser storage that belongs to a sign-in (an editor's unsaved draft): removed with the tokens, so
 * the next person at this browser never reads it (issue 36).
 */
export const signInDataPrefix = 'genodesk.session.';
const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

/** The bearer token pair kept in local storage (SPEC §1: token type Bearer, kept in local storage). */
export const tokenStore = {
  get token(): string | null {
    return read(TOKEN_KEY);
  },
  get refreshToken(): string | null {
    return read(REFRESH_KEY);
  },
  set(pair: TokenPair): void {
    localStorage.setItem(TOKEN_KEY, pair.token);
    localStorage.setItem(REFRESH_KEY, pair.refreshToken);
    emit();
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
    // Also the drafts an earlier release kept outside the prefix (`genodesk.productDraft.<id>`).
    for (const key of Object.keys(localStorage))
      if (key.startsWith(signInDataPrefix) || key.startsWith('genodesk.productDraft.'))
        localStorage.removeItem(key);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  // Another tab signing in or out changes the stored tokens too.
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === REFRESH_KEY || event.key === null) emit();
  });
}

/** True while an access token is stored. */
export function useHasToken(): boolean {
  return useSyncExternalStore(
    tokenStore.subscribe,
    () => tokenStore.token !== null,
    () => false,
  );
}
