import { afterEach, describe, expect, it } from 'vitest';
import { signInDataPrefix, tokenStore } from './tokens';

describe('signing out of this browser', () => {
  afterEach(() => localStorage.clear());

  it("takes the sign-in's own data (a doctor's unsaved draft) with the tokens, and leaves the rest", () => {
    tokenStore.set({ token: 'a.b.c', refreshToken: 'r' });
    localStorage.setItem(`${signInDataPrefix}productDraft.3.7`, '{"doctorIntro":"<p>Nebylo uloženo</p>"}');
    localStorage.setItem('genodesk.locale', 'en');
    tokenStore.clear();
    expect(tokenStore.token).toBeNull();
    expect(localStorage.getItem(`${signInDataPrefix}productDraft.3.7`)).toBeNull();
    expect(localStorage.getItem('genodesk.locale')).toBe('en');
  });
});
