import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** The decoy is hashed with the same parameters as real passwords, so checking it costs the same. */
export function decoy(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  return decoyHash;
}

/** Spends the time of a real check, so an unknown username answers no faster than a wrong password. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verifyPassword(await decoy(), password);
  return false;
}
