import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { AppConfig } from '../config/app-config';

export interface TlsMaterial {
  key: Buffer;
  cert: Buffer;
  selfSigned: boolean;
}

/** The configured certificate, or a self-signed one generated once into the data directory. */
export async function loadTlsMaterial(config: AppConfig): Promise<TlsMaterial> {
  if (config.tlsCertFile || config.tlsKeyFile) {
    if (!config.tlsCertFile || !config.tlsKeyFile) {
      throw new Error('Set both TESSERA_TLS_CERT_FILE and TESSERA_TLS_KEY_FILE, or neither');
    }
    return { cert: readFileSync(config.tlsCertFile), key: readFileSync(config.tlsKeyFile), selfSigned: false };
  }
  const dir = join(config.dataDir, 'tls');
  const certFile = join(dir, 'self-signed-cert.pem');
  const keyFile = join(dir, 'self-signed-key.pem');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      days: 825,
      keySize: 2048,
      extensions: [
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    } as Parameters<typeof generate>[1]);
    mkdirSync(dir, { recursive: true });
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    writeFileSync(certFile, pems.cert);
  }
  return { cert: readFileSync(certFile), key: readFileSync(keyFile), selfSigned: true };
}
