import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outgoing request made on someone else's behalf (an attachment fetched from a caller's
 * URL, a webhook an operator subscribed) may not reach unless the operator allows it: loopback, private
 * and link-local networks belong to the server's own surroundings.
 */
const INTERNAL_ADDRESSES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  INTERNAL_ADDRESSES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  INTERNAL_ADDRESSES.addSubnet(network, prefix, 'ipv6');
}

/** Whether the URL's host is, or resolves to, an internal address (a host that does not resolve fails at the request itself). */
export async function reachesInternalAddress(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    return false;
  }
  return addresses.some(({ address, family }) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return INTERNAL_ADDRESSES.check(mapped[1], 'ipv4');
    return INTERNAL_ADDRESSES.check(address, family === 6 ? 'ipv6' : 'ipv4');
  });
}
