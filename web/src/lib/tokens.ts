import type { TokenPair } from '@genodesk/contract/auth';
import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'token';
const REFRESH_KEY = 'refreshToken';
/**
 * Browser storage that belongs to a sign-in (an editor's unsaved draft): removed with the tokens, so
 * the next person at this browser never reads it (issue 36).
 */
export const signInDataPrefix = 'genodesk.session.';

/**
 * Why a sign-in ended: signed out by the user (the menu, a sign-in step's way back), after idling,
 * refused by the server (revoked, expired, the user deactivated), or too many wrong second-factor codes.
 */
export type SessionEnd = 'signedOut' | 'idle' | 'expired' | 'attempts';
const sessionEnds: readonly SessionEnd[] = ['signedOut', 'idle', 'expired', 'attempts'];

/**
 * Every tab of the app shares one sign-in (the tokens below), so every tab shares its end. The tab
 * that ends it writes the reason under this key and removes it at once: nothing stays behind, and the
 * other tabs get it as a `storage` event before the events of the tokens' removal (the same channel
 * that already carries the idle time, `lastActivity`, between tabs).
 */
const endKey = 'genodesk.sessionEnd';

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

function announce(end: SessionEnd) {
  try {
    localStorage.setItem(endKey, end);
    localStorage.removeItem(endKey);
  } catch {
    // Without storage there is no other tab sharing this sign-in.
  }
}

let endedElsewhere: (end: SessionEnd) => void = () => {};

/**
 * What a tab does when another tab has ended the sign-in they share (called before this tab's
 * subscribers hear that the tokens are gone): forget what it holds and go to the sign-in screen.
 */
export function setEndedElsewhereHandler(handler: (end: SessionEnd) => void): void {
  endedElsewhere = handler;
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
  /** Ends the sign-in in this tab and, told why, in every other tab of the app. */
  clear(end: SessionEnd): void {
    // Only an end of a sign-in is announced: a tab that finds the tokens already gone has nothing to tell.
    if (read(TOKEN_KEY) !== null || read(REFRESH_KEY) !== null) announce(end);
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

/** Whether the tokens' removal that follows was announced with its reason (handled then, not again). */
let announced = false;

/** Another tab signed in, renewed the tokens, or ended the sign-in. */
export function onStorageEvent(event: Pick<StorageEvent, 'key' | 'oldValue' | 'newValue'>): void {
  if (event.key === endKey) {
    const end = sessionEnds.find((candidate) => candidate === event.newValue);
    if (end) {
      announced = true;
      endedElsewhere(end);
    }
    return;
  }
  if (event.key !== TOKEN_KEY && event.key !== REFRESH_KEY && event.key !== null) return;
  // The tokens taken without a word (the whole storage cleared; a tab of an older release): ended all the same.
  const taken = event.key === null || (event.key === TOKEN_KEY && event.oldValue !== null && !event.newValue);
  if (taken) {
    if (!announced) endedElsewhere('expired');
    announced = false;
  }
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // sessionStorage's events come only from this tab's own frames.
    if (event.storageArea === localStorage) onStorageEvent(event);
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
