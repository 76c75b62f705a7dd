import { lookup } from 'node:dns/promises';
import { BlockList, isIPv4 } from 'node:net';

/**
 * Loopback, link-local, private, shared, multicast and reserved ranges: a URL input must not make
 * the worker reach into the operator's own network (SSRF), unless the operator allows it.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address lies in a range a fetched URL may not reach. */
export function isPrivateAddress(address: string): boolean {
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is the IPv4 address in disguise.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return blocked.check(mapped, 'ipv4');
  return isIPv4(address) ? blocked.check(address, 'ipv4') : blocked.check(address, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * Resolves a host and picks the address to connect to. Every address must be public (unless
 * allowed): the connection is then pinned to it, so a DNS answer that changes between check and
 * connect cannot slip past the check. Returns null when the host is refused.
 */
export async function resolvePublicAddress(hostname: string, allowPrivate: boolean): Promise<ResolvedAddress | null> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) return null;
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) return null;
  return addresses[0] ?? null;
}
