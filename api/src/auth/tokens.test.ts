import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenSeconds, TokenSigner } from './tokens.js';

const secret = 'a-test-secret-of-some-length-000';

describe('access tokens', () => {
  it('round-trips the user and the session', async () => {
    const signer = new TokenSigner(secret);
    expect(
      signer.verify(await signer.sign({ userId: 7, sessionId: 'b9c4c1de-8f7e-4a57-9d5c-1f2e3d4c5b6a' })),
    ).toEqual({
      userId: 7,
      sessionId: 'b9c4c1de-8f7e-4a57-9d5c-1f2e3d4c5b6a',
    });
  });

  it('refuses an expired token even with the right key', async () => {
    const key = new TextEncoder().encode(secret);
    const expired = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('genodesk')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(key);
    expect(new TokenSigner(secret).verify(expired)).toBeUndefined();
  });

  it('refuses a token of another issuer or with a changed payload', async () => {
    const key = new TextEncoder().encode(secret);
    const foreign = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('someone')
      .setExpirationTime('5m')
      .sign(key);
    expect(new TokenSigner(secret).verify(foreign)).toBeUndefined();
    const signer = new TokenSigner(secret);
    const [header, , signature] = (await signer.sign({ userId: 7, sessionId: 's' })).split('.');
    const tampered = Buffer.from(
      JSON.stringify({ sub: '1', sid: 's', iss: 'genodesk', exp: 9999999999 }),
    ).toString('base64url');
    expect(signer.verify(`${header}.${tampered}.${signature}`)).toBeUndefined();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps refusing a remembered token once it expires', async () => {
    const signer = new TokenSigner(secret);
    const token = await signer.sign({ userId: 7, sessionId: 's' });
    expect(signer.verify(token)).toEqual({ userId: 7, sessionId: 's' });
    expect(signer.verify(token)).toEqual({ userId: 7, sessionId: 's' });
    vi.useFakeTimers({ now: Date.now() + (accessTokenSeconds + 1) * 1000 });
    expect(signer.verify(token)).toBeUndefined();
    expect(signer.verify(token)).toBeUndefined();
  });
});

describe('sealing with SEALING_KEY', () => {
  it('seals with its own key, and still opens what the token key sealed before it was set', () => {
    const tokenSecret = randomBytes(32).toString('hex');
    const before = new TokenSigner(tokenSecret).seal('JBSWY3DPEHPK3PXP');
    const signer = new TokenSigner(tokenSecret, randomBytes(32).toString('hex'));
    expect(signer.unseal(before)).toBe('JBSWY3DPEHPK3PXP');
    const after = signer.seal('KRSXG5CTMVRXEZLU');
    expect(signer.unseal(after)).toBe('KRSXG5CTMVRXEZLU');
    // The token key alone no longer opens it: one leaked key does not give both.
    expect(() => new TokenSigner(tokenSecret).unseal(after)).toThrow();
  });
});
