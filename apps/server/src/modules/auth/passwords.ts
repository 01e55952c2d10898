import { hash, verify } from '@node-rs/argon2';

/** Passwords, and the recovery codes of the second factor, are kept as argon2 hashes. */
export const hashPassword = (password: string) => hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
/** A password checked against its stored hash; a malformed hash is a wrong password, never an error. */
export const passwordMatches = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);
