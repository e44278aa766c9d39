// Encryption at rest for IBANs: AES-256-GCM with a key from configuration (PAYOUT_ENCRYPTION_KEY), or one
// generated once into DATA_DIR. Ciphertexts carry a version prefix so the scheme can change later.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed hash (HMAC-SHA256, hex) to see the same value twice without storing it readable. */
  fingerprint(plain: string): string;
}

function keyFrom(material: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(material) ? Buffer.from(material, 'hex') : crypto.createHash('sha256').update(material, 'utf8').digest();
}

/** The configured key, or the one kept in DATA_DIR/payout-key (created with the first use). */
export function resolvePayoutKey(configured: string | undefined, dataDir: string | null): Buffer {
  if (configured) return keyFrom(configured);
  // An in-memory database keeps no IBANs beyond the process: a key of its own suffices.
  if (!dataDir) return crypto.randomBytes(32);
  const file = path.join(dataDir, 'payout-key');
  try {
    return keyFrom(fs.readFileSync(file, 'utf8').trim());
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const material = crypto.randomBytes(32).toString('hex');
    fs.writeFileSync(file, material, { mode: 0o600 });
    return keyFrom(material);
  }
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret box key must be 32 bytes');
  const fingerprintKey = crypto.createHmac('sha256', key).update('akut:fingerprint:v1').digest();
  return {
    fingerprint(plain) {
      return crypto.createHmac('sha256', fingerprintKey).update(plain, 'utf8').digest('hex');
    },
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith('v1:')) throw new Error('unknown ciphertext version');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
