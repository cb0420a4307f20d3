import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';

/** The key file made in the data directory when `TESSERA_SECRET_KEY` is not set. */
export const SECRET_KEY_FILE = 'secret.key';
const FORMAT = 'v1';

/**
 * Encrypts secrets the server must read back (webhook signing secrets, operators' second-factor keys)
 * for storage with AES-256-GCM. The key is `TESSERA_SECRET_KEY`, or else a random key written once to
 * the data directory (every process on the machine then shares it; several machines sharing one
 * database must set the setting). A database dump alone reveals no secret.
 */
@Injectable()
export class SecretCipher {
  private key?: Buffer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.secretKey(), iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [FORMAT, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(':');
  }

  decrypt(stored: string): string {
    const [format, iv, tag, sealed] = stored.split(':');
    if (format !== FORMAT) throw new Error('A stored secret has an unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.secretKey(), Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('A stored secret does not open with this key (TESSERA_SECRET_KEY or the key file changed)');
    }
  }

  /** Read on first use, so a server that stores no secret never needs the key. */
  private secretKey(): Buffer {
    this.key ??= this.config.secretKey ? Buffer.from(this.config.secretKey, 'base64') : this.keyFile();
    return this.key;
  }

  private keyFile(): Buffer {
    const file = join(this.config.dataDir, SECRET_KEY_FILE);
    if (!existsSync(file)) this.makeKeyFile(file);
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold base64 of 32 bytes`);
    return key;
  }

  private makeKeyFile(file: string): void {
    mkdirSync(this.config.dataDir, { recursive: true });
    // Written whole to a file of its own, then linked into place: of two processes making the key at
    // once, one link wins and neither can read a half-written key.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(32).toString('base64') + '\n', { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
}
