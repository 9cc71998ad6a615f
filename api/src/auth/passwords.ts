import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { passwordMinLength } from '@genodesk/contract';
import { hash, verify } from '@node-rs/argon2';

const options = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing, verified against when the account does not exist so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword('no-such-account-password');
  return dummyHash;
};

// No look-alike characters (0/O, 1/l/I): the admin may read it out to the user.
const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generateTemporaryPassword(length = passwordMinLength): string {
  let result = '';
  for (let i = 0; i < length; i++) result += alphabet[randomInt(alphabet.length)];
  return result;
}

/** zxcvbn's list of common passwords (about 49,000), read at the first check rather than at start-up. */
let commonPasswords: Set<string> | undefined;
function commonPasswordList(): Set<string> {
  if (!commonPasswords) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as {
      dictionary: { 'passwords-common': string[] };
    };
    commonPasswords = new Set(dictionary['passwords-common']);
  }
  return commonPasswords;
}

/**
 * Whether a chosen password is one of the commonly used ones (ASVS 6.2.4), ignoring case, also with
 * digits or symbols only added before or after it (`password123456`, `!Monkey2024!`): the first
 * variations a guesser tries.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswordList();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 4 && core !== lower && list.has(core);
}
