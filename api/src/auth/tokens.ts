import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export const accessTokenSeconds = 15 * 60;
export const refreshTokenDays = 30;

/** The protected header jose writes for `{ alg: 'HS256' }`. */
const expectedHeader = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

export type AccessClaims = { userId: number; sessionId: string };

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${accessTokenSeconds}s`)
      .setIssuer('genodesk')
      .sign(this.key);
  }

  /**
   * The claims of a valid, unexpired token; undefined for anything else. Verified synchronously with
   * node:crypto: it runs on every request, and WebCrypto's asynchronous HMAC costs more than the check.
   * Only our own header is accepted, so no algorithm can be chosen by the token.
   */
  verify(token: string): AccessClaims | undefined {
    const [header, payload, signature, extra] = token.split('.');
    if (header !== expectedHeader || !payload || !signature || extra !== undefined) return undefined;
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const userId = Number(claims.sub);
      const now = Math.floor(Date.now() / 1000);
      if (claims.iss !== 'genodesk' || typeof claims.exp !== 'number' || claims.exp <= now) return undefined;
      if (!Number.isInteger(userId) || typeof claims.sid !== 'string') return undefined;
      return { userId, sessionId: claims.sid };
    } catch {
      return undefined;
    }
  }
}

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
