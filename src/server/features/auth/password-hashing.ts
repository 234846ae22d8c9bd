import { type Options, hash, verify } from '@node-rs/argon2';

// DESIGN.md §5 / OWASP: argon2id with 19 MiB memory, 2 iterations, 1 lane.
// (Algorithm is a const enum the package only declares; 2 is its Argon2id member.)
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
