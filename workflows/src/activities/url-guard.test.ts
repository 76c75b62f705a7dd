import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUrl } from './fetch.js';
import { isListedHost, isPrivateAddress, resolvePublicAddress, type LookupAll } from './url-guard.js';

describe('isPrivateAddress', () => {
  it.each([
    // IPv4 special-purpose ranges.
    ['loopback', '127.0.0.1'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['shared address space', '100.64.0.1'],
    ['this network', '0.0.0.0'],
    ['broadcast', '255.255.255.255'],
    ['multicast', '224.0.0.251'],
    ['documentation', '192.0.2.10'],
    ['benchmarking', '198.18.0.1'],
    ['reserved 240/4', '240.0.0.1'],
    // IPv6 special-purpose ranges.
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['unique local', 'fd00::1'],
    ['site-local (deprecated)', 'fec0::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['discard prefix', '100::1'],
    ['IPv6 documentation', '2001:db8::1'],
    // IPv4 embedded in IPv6.
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped in hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['IPv4-compatible metadata', '::a9fe:a9fe'],
    ['NAT64 loopback', '64:ff9b::7f00:1'],
    ['NAT64 private', '64:ff9b::10.0.0.1'],
    ['NAT64 metadata', '64:ff9b::169.254.169.254'],
    ['NAT64 local-use prefix', '64:ff9b:1::8.8.8.8'],
    ['NAT64 local-use, other offset', '64:ff9b:1:808:808::'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of private', '2002:a00:1::'],
    ['6to4 of 192.168.1.1', '2002:c0a8:101::1'],
    ['6to4 of metadata', '2002:a9fe:a9fe::1'],
    ['Teredo with a private server', '2001:0:a00:1:8000:63bf:f7f7:f7f7'],
    ['Teredo with a loopback client (inverted)', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    // Not an address at all.
    ['a name', 'localhost'],
    ['garbage', '1.2.3'],
  ])('blocks %s (%s)', (_name, address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    ['public IPv4', '93.184.216.34'],
    ['public DNS', '8.8.8.8'],
    ['public IPv6', '2606:4700::1111'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['NAT64 of a public address', '64:ff9b::8.8.8.8'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['Teredo with public server and client', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
  ])('allows %s (%s)', (_name, address) => expect(isPrivateAddress(address)).toBe(false));
});

/** A lookup answering from a table, recording each name asked. */
function tableLookup(table: Record<string, string[]>, asked: string[] = []): LookupAll {
  return (hostname) => {
    asked.push(hostname);
    return Promise.resolve(
      (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

describe('resolvePublicAddress', () => {
  it('refuses a host when any address it resolves to is private, not only the first', async () => {
    const lookupAll = tableLookup({
      mixed: ['8.8.8.8', '10.0.0.1'],
      mixedV6: ['2606:4700::1111', '64:ff9b::7f00:1'],
      public: ['8.8.8.8', '2606:4700::1111'],
    });
    expect(await resolvePublicAddress('mixed', false, lookupAll)).toBeNull();
    expect(await resolvePublicAddress('mixedV6', false, lookupAll)).toBeNull();
    expect(await resolvePublicAddress('nowhere', false, lookupAll)).toBeNull();
    expect(await resolvePublicAddress('public', false, lookupAll)).toEqual({ address: '8.8.8.8', family: 4 });
    // The operator's switch lets private addresses through.
    expect(await resolvePublicAddress('mixed', true, lookupAll)).toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('checks an IPv6 literal without its brackets', async () => {
    const asked: string[] = [];
    expect(await resolvePublicAddress('[::1]', false, tableLookup({ '::1': ['::1'] }, asked))).toBeNull();
    expect(asked).toEqual(['::1']);
  });
});

describe('openUrl', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/start') response.writeHead(302, { location: `http://second.test:${port}/doc` }).end();
      else if (request.url === '/doc') response.end('the document');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port; // listening on TCP
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('resolves every redirect hop through the guard and connects to the address it checked', async () => {
    const asked: string[] = [];
    // `.test` names exist in no DNS: reaching the listener proves the connection used the checked address.
    const lookupAll = tableLookup({ 'first.test': ['127.0.0.1'], 'second.test': ['127.0.0.1'] }, asked);
    const response = await openUrl(`http://first.test:${port}/start`, true, AbortSignal.timeout(5000), lookupAll);
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect(body).toBe('the document');
    expect(asked).toEqual(['first.test', 'second.test']);
  });

  it('refuses a hop whose host resolves to a private address, before connecting', async () => {
    const lookupAll = tableLookup({ 'first.test': ['8.8.8.8', '127.0.0.1'] });
    await expect(
      openUrl(`http://first.test:${port}/start`, false, AbortSignal.timeout(5000), lookupAll),
    ).rejects.toMatchObject({
      message: 'URL host is not allowed',
      nonRetryable: true,
    });
  });
});

describe('listed private hosts (webhook receivers)', () => {
  it('matches a listed name or address as the URL writes it, in any case, and nothing else', () => {
    const hosts = ['127.0.0.1', 'Receiver.Internal', ' ::1 '];
    expect(isListedHost('127.0.0.1', hosts)).toBe(true);
    expect(isListedHost('receiver.internal', hosts)).toBe(true);
    expect(isListedHost('receiver.internal.', hosts)).toBe(true);
    expect(isListedHost('[::1]', hosts)).toBe(true);
    expect(isListedHost('127.0.0.2', hosts)).toBe(false);
    expect(isListedHost('localhost', hosts)).toBe(false);
    expect(isListedHost('other.receiver.internal', hosts)).toBe(false);
    expect(isListedHost('127.0.0.1', [])).toBe(false);
  });
});
