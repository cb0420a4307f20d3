export { SecretCipher, SECRET_KEY_FILE } from './secret-cipher';
