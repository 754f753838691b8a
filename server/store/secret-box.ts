// Application token secrets kept encrypted at rest (AES-256-GCM under a key derived from the server's
// secret): a self-minted version 3 token is encrypted under a key derived from its parent's plaintext, so
// the server must be able to recover it; a database copied without the settings' secret reveals none.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'gallery-elements application tokens', 32));
  }

  /** `v1.` + base64url(iv 12 | tag 16 | ciphertext). */
  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** The text, or undefined when the box is not one of ours (another secret, damaged). */
  open(box: string): string | undefined {
    if (!box.startsWith(`${VERSION}.`)) return undefined;
    const bytes = Buffer.from(box.slice(VERSION.length + 1), 'base64url');
    if (bytes.length < 28) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
