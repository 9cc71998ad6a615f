import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { SignJWT } from 'jose';

export const accessTokenSeconds = 15 * 60;
export const refreshTokenDays = 30;

/** The protected header jose writes for `{ alg: 'HS256' }`. */
const expectedHeader = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

export type AccessClaims = { userId: number; sessionId: string };

/** How many verified tokens a node remembers (about one per signed-in staff member). */
const verifiedCacheSize = 5000;

const sealingKeyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'genodesk', 'sealed secrets', 32));

function unsealWith(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their claims and expiry: a browser sends the same token for 15
   * minutes, and the HMAC is a tenth of a request's CPU. Only a byte-identical token hits, and its
   * expiry is checked on every use; the session itself is still read on every request.
   */
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();

  /** Seals secrets the server must read back (authenticator keys): a database copy alone cannot. */
  private readonly sealingKey: Buffer;
  /** Keys secrets sealed before may still be sealed with: once the token key's (before SEALING_KEY). */
  private readonly earlierSealingKeys: Buffer[];

  /**
   * `sealingSecret` apart from the token `secret` (issue 36); without one, as before, the sealing key
   * comes from the token secret. Either way what the token secret sealed before stays readable.
   */
  constructor(secret: string, sealingSecret?: string) {
    this.key = new TextEncoder().encode(secret);
    const fromTokenSecret = sealingKeyOf(secret);
    this.sealingKey = sealingSecret ? sealingKeyOf(sealingSecret) : fromTokenSecret;
    this.earlierSealingKeys = sealingSecret ? [fromTokenSecret] : [];
  }

  /** AES-256-GCM: `iv.tag.ciphertext`, base64url. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealingKey, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  unseal(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) throw new Error('not a sealed secret');
    // What was sealed before SEALING_KEY was set opens with the token secret's key.
    let refusal: unknown;
    for (const key of [this.sealingKey, ...this.earlierSealingKeys]) {
      try {
        return unsealWith(key, iv, tag, data);
      } catch (error) {
        refusal = error;
      }
    }
    throw refusal;
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
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000))
        return { userId: known.userId, sessionId: known.sessionId };
      this.verified.delete(token);
      return undefined;
    }
    const claims = this.check(token);
    if (claims) {
      if (this.verified.size >= verifiedCacheSize) this.verified.clear();
      this.verified.set(token, claims);
      return { userId: claims.userId, sessionId: claims.sessionId };
    }
    return undefined;
  }

  private check(token: string): (AccessClaims & { exp: number }) | undefined {
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
      return { userId, sessionId: claims.sid, exp: claims.exp };
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
