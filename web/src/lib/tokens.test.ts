import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  onStorageEvent,
  type SessionEnd,
  setEndedElsewhereHandler,
  signInDataPrefix,
  tokenStore,
} from './tokens';

describe('signing out of this browser', () => {
  afterEach(() => {
    localStorage.clear();
    setEndedElsewhereHandler(() => {});
    vi.restoreAllMocks();
  });

  it("takes the sign-in's own data (a doctor's unsaved draft) with the tokens, and leaves the rest", () => {
    tokenStore.set({ token: 'a.b.c', refreshToken: 'r' });
    localStorage.setItem(`${signInDataPrefix}productDraft.3.7`, '{"doctorIntro":"<p>Nebylo uloženo</p>"}');
    localStorage.setItem('genodesk.locale', 'en');
    tokenStore.clear('signedOut');
    expect(tokenStore.token).toBeNull();
    expect(localStorage.getItem(`${signInDataPrefix}productDraft.3.7`)).toBeNull();
    expect(localStorage.getItem('genodesk.locale')).toBe('en');
  });

  it('tells the other tabs why, before the tokens go, and leaves nothing of the message behind', () => {
    tokenStore.set({ token: 'a.b.c', refreshToken: 'r' });
    const writes: string[] = [];
    const setItem = Storage.prototype.setItem;
    const removeItem = Storage.prototype.removeItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      writes.push(`set ${key}=${value}`);
      setItem.call(this, key, value);
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(function (this: Storage, key) {
      writes.push(`remove ${key}`);
      removeItem.call(this, key);
    });
    tokenStore.clear('idle');
    expect(writes.slice(0, 4)).toEqual([
      'set genodesk.sessionEnd=idle',
      'remove genodesk.sessionEnd',
      'remove token',
      'remove refreshToken',
    ]);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('tells nothing when there was no sign-in to end (a tab that finds the tokens already gone)', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    tokenStore.clear('expired');
    expect(setItem).not.toHaveBeenCalled();
  });
});

describe('another tab ending the sign-in', () => {
  const ended: SessionEnd[] = [];
  const heard = vi.fn();
  let unsubscribe = () => {};

  afterEach(() => {
    ended.length = 0;
    heard.mockReset();
    unsubscribe();
    setEndedElsewhereHandler(() => {});
  });

  function listen() {
    setEndedElsewhereHandler((end) => {
      ended.push(end);
      // The tab learns why before its screens hear that the tokens are gone.
      expect(heard).not.toHaveBeenCalled();
    });
    unsubscribe = tokenStore.subscribe(heard);
  }

  it('follows with the reason given, once, and then lets the screens see the tokens go', () => {
    listen();
    // What a tab receives when another signs out: the reason, then the tokens' removal.
    onStorageEvent({ key: 'genodesk.sessionEnd', oldValue: null, newValue: 'signedOut' });
    onStorageEvent({ key: 'genodesk.sessionEnd', oldValue: 'signedOut', newValue: null });
    onStorageEvent({ key: 'token', oldValue: 'a.b.c', newValue: null });
    onStorageEvent({ key: 'refreshToken', oldValue: 'r', newValue: null });
    expect(ended).toEqual(['signedOut']);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('follows a removal of the tokens that came without a reason as an ended session', () => {
    listen();
    onStorageEvent({ key: null, oldValue: null, newValue: null });
    expect(ended).toEqual(['expired']);
  });

  it('does not end anything when another tab signs in or renews the tokens', () => {
    listen();
    onStorageEvent({ key: 'token', oldValue: null, newValue: 'a.b.c' });
    onStorageEvent({ key: 'token', oldValue: 'a.b.c', newValue: 'd.e.f' });
    onStorageEvent({ key: 'lastActivity', oldValue: '1', newValue: '2' });
    onStorageEvent({ key: 'genodesk.sessionEnd', oldValue: null, newValue: 'nonsense' });
    expect(ended).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
