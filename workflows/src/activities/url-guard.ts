import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/*
 * A URL input must not make the worker reach into the operator's own network (SSRF) unless the
 * operator allows it. Ranges come from ipaddr.js's tables of special-purpose addresses (RFC 6890
 * and after): anything but global unicast is refused. IPv6 forms that carry an IPv4 address
 * (IPv4-mapped and -compatible, NAT64, 6to4, Teredo) are judged by that IPv4 address, so
 * `64:ff9b::7f00:1` or `2002:7f00:1::` cannot stand in for 127.0.0.1 (issue 17).
 */

/** IPv6 prefixes whose addresses embed an IPv4 address, and where it sits. */
const EMBEDDING: readonly { range: [ipaddr.IPv6, number]; embedded: (address: ipaddr.IPv6) => ipaddr.IPv4[] }[] = [
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d (RFC 4291, RFC 6145).
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), embedded: (address) => [lowBits(address)] },
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), embedded: (address) => [lowBits(address)] },
  // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291 2.5.5.1); covers :: and ::1 too.
  { range: ipaddr.IPv6.parseCIDR('::/96'), embedded: (address) => [lowBits(address)] },
  // NAT64 well-known prefix (RFC 6052): the IPv4 address is the last 32 bits.
  { range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), embedded: (address) => [lowBits(address)] },
  // 6to4 (RFC 3056): 2002:AABB:CCDD::/48 is the site behind a.b.c.d.
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), embedded: (address) => [ipv4From(address.parts[1], address.parts[2])] },
  // Teredo (RFC 4380): the server at bits 32-63, the client's NAT address inverted in the last 32.
  {
    range: ipaddr.IPv6.parseCIDR('2001::/32'),
    embedded: (address) => [
      ipv4From(address.parts[2], address.parts[3]),
      ipv4From(~(address.parts[6] ?? 0) & 0xffff, ~(address.parts[7] ?? 0) & 0xffff),
    ],
  },
];

/**
 * NAT64 local-use prefix (RFC 8215): an operator's own translator, where the IPv4 address may sit
 * at any of RFC 6052's offsets. Never a public destination, so refused whole.
 */
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

function ipv4From(high: number | undefined, low: number | undefined): ipaddr.IPv4 {
  const h = high ?? 0;
  const l = low ?? 0;
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff]);
}

function lowBits(address: ipaddr.IPv6): ipaddr.IPv4 {
  return ipv4From(address.parts[6], address.parts[7]);
}

function isPublicIpv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

function isPublicIpv6(address: ipaddr.IPv6): boolean {
  if (address.match(LOCAL_NAT64)) return false;
  const embedding = EMBEDDING.find((entry) => address.match(entry.range));
  // A form that carries an IPv4 address is as public as that address (and every one it carries).
  if (embedding) return embedding.embedded(address).every(isPublicIpv4);
  return address.range() === 'unicast';
}

/**
 * Whether an IP address lies in a range a fetched URL may not reach: loopback, private, link-local,
 * shared, multicast, reserved, documentation and every other special-purpose range, directly or
 * embedded in an IPv6 address. Anything that does not parse as an address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return !isPublicIpv4(ipaddr.IPv4.parse(address));
  if (ipaddr.IPv6.isValid(address)) return !isPublicIpv6(ipaddr.IPv6.parse(address));
  return true;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (the `lookup` of node:dns, or a stand-in in tests). */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: LookupAll = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves a host and picks the address to connect to. Every address must be public (unless
 * allowed), not only the one picked: the connection is then pinned to it, so a DNS answer that
 * changes between check and connect cannot slip past the check. Returns null when the host is
 * refused. The caller checks each redirect hop again.
 */
export async function resolvePublicAddress(
  hostname: string,
  allowPrivate: boolean,
  lookupAll: LookupAll = systemLookup,
): Promise<ResolvedAddress | null> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await lookupAll(host);
  if (addresses.length === 0) return null;
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) return null;
  return addresses[0] ?? null;
}

/**
 * Whether `hostname` (as a URL gives it: IPv6 in brackets, any case) is one of the operator's
 * `hosts`, the private receivers a webhook may reach (WEBHOOK_ALLOWED_PRIVATE_HOSTS). A name is
 * matched as written, not by what it resolves to: listing `receiver.internal` allows that name only.
 */
export function isListedHost(hostname: string, hosts: readonly string[]): boolean {
  const normalize = (host: string): string =>
    host
      .trim()
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '')
      .toLowerCase();
  const host = normalize(hostname);
  return hosts.some((listed) => normalize(listed) === host);
}
