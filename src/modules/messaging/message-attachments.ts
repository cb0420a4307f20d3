import { reachesInternalAddress } from '@tessera/core';
import { CommonException, InvalidReason } from '@tessera/http';

/** The largest file a message may carry. */
export const MAX_ATTACHMENT_BYTES = 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

/** An attachment as the request gives it (the API's `Attachment`). */
export interface AttachmentInput {
  upload_method: 'url' | 'base64';
  file_data: string;
  cache_for?: number;
}

/** A file ready to store: its name, type and bytes, and for how many minutes to keep it after delivery. */
export interface AttachmentFile {
  fileName: string;
  contentType: string;
  content: Buffer;
  cacheForMinutes: number | null;
}

/** The file types a message may carry, recognised by their first bytes rather than by a name or a header. */
const FILE_TYPES = [
  { extension: 'pdf', contentType: 'application/pdf', magic: Buffer.from('%PDF-') },
  { extension: 'png', contentType: 'image/png', magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { extension: 'gif', contentType: 'image/gif', magic: Buffer.from('GIF8') },
  { extension: 'jpg', contentType: 'image/jpeg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
] as const;

export interface AttachmentOptions {
  /** Fetch from loopback, private and link-local addresses too (`TESSERA_ATTACHMENT_PRIVATE_HOSTS`). */
  allowPrivateHosts: boolean;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Reads the request's attachments: base64 content is decoded, URLs are fetched (http and https only).
 * Each must be a JPEG, PNG, GIF or PDF file of at most 1 MB; anything else is a 400 naming the attachment.
 */
export async function readAttachments(inputs: AttachmentInput[], field: string, options: AttachmentOptions): Promise<AttachmentFile[]> {
  const files: AttachmentFile[] = [];
  for (const [index, input] of inputs.entries()) {
    const name = `${field}[${index}].file_data`;
    const { content, urlName } =
      input.upload_method === 'base64' ? decodeBase64(input.file_data, name) : await fetchFile(input.file_data, name, options);
    const type = FILE_TYPES.find((candidate) => content.subarray(0, candidate.magic.length).equals(candidate.magic));
    if (!type) throw refused(name, 'An attachment must be a JPEG, PNG, GIF or PDF file');
    const extensions: readonly string[] = type.extension === 'jpg' ? ['jpg', 'jpeg'] : [type.extension];
    const named = urlName && extensions.includes(urlName.split('.').pop()?.toLowerCase() ?? '') ? urlName : null;
    files.push({
      fileName: named ?? `attachment-${index + 1}.${type.extension}`,
      contentType: type.contentType,
      content,
      cacheForMinutes: input.cache_for ?? null,
    });
  }
  return files;
}

function decodeBase64(data: string, name: string): { content: Buffer; urlName: null } {
  if (!BASE64.test(data)) throw CommonException.invalid(name, InvalidReason.InvalidValueFormat, 'file_data is not base64');
  const content = Buffer.from(data, 'base64');
  if (content.length > MAX_ATTACHMENT_BYTES) throw refused(name, 'An attachment may have at most 1 MB');
  return { content, urlName: null };
}

async function fetchFile(address: string, name: string, options: AttachmentOptions): Promise<{ content: Buffer; urlName: string | null }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw CommonException.invalid(name, InvalidReason.InvalidValueFormat, 'file_data is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(name, 'Attachments are fetched over http or https only');
  if (!options.allowPrivateHosts && (await reachesInternalAddress(url))) {
    throw refused(name, 'Attachments are fetched from public addresses only');
  }
  let response: Response;
  try {
    // A redirect is refused: it could lead to an address the check above did not see.
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  } catch {
    throw refused(name, 'The attachment could not be fetched');
  }
  if (!response.ok || !response.body) throw refused(name, `Fetching the attachment answered ${response.status}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Uint8Array).length;
    if (size > MAX_ATTACHMENT_BYTES) {
      await response.body.cancel().catch(() => undefined);
      throw refused(name, 'An attachment may have at most 1 MB');
    }
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return { content: Buffer.concat(chunks), urlName: fileNameOf(url) };
}

/** The URL's last path segment as a safe file name, or null. */
function fileNameOf(url: URL): string | null {
  let last: string;
  try {
    last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  } catch {
    return null;
  }
  return last.replace(/[^\w.-]/g, '_') || null;
}

function refused(name: string, message: string): CommonException {
  return CommonException.invalid(name, InvalidReason.NotAllowedValue, message);
}
