import { isIPv4, isIPv6 } from 'node:net';
import {
  credentials,
  experimental,
  type ChannelCredentials,
  type ChannelOptions,
  type ClientOptions,
} from '@grpc/grpc-js';
import { z } from 'zod';
import { grpcClientOptions } from './grpc.js';

/** What a stage client connects to: a grpc-js target string and the channel options to use with it. */
export interface GrpcTarget {
  target: string;
  options: ChannelOptions;
}

/** The constructor shape of every ts-proto generated grpc-js client. */
export type GrpcClientConstructor<C> = new (
  address: string,
  credentials: ChannelCredentials,
  options?: Partial<ClientOptions>,
) => C;

const ADDRESS_FORMS =
  'host:port, a comma-separated list host1:port,host2:port, or a target URI such as dns:///ocr:50052';

// Targets grpc-js resolves itself (resolver-dns, resolver-ip, resolver-uds), passed through unchanged.
const URI_SCHEMES = new Set(['dns', 'ipv4', 'ipv6', 'unix', 'unix-abstract']);

// grpc-js has no resolver for a list of host names (ipv4:/ipv6: take IP literals only), so a
// list gets this scheme, resolved by HostListResolver below.
const HOST_LIST_SCHEME = 'host-list';

// round_robin keeps one connection to every address the target resolves to and sends each call to
// the next ready one; grpc-js's default (pick_first) would send every call to the first address.
// Resolution of service configs from DNS TXT records is off so nothing can swap the policy back.
const balancedChannelOptions: ChannelOptions = {
  ...grpcClientOptions,
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  'grpc.service_config_disable_resolution': 1,
};

/** `host:port` with a required port; host is a name, an IPv4 address or a bracketed IPv6 address. */
function isHostPort(entry: string, family?: 'ipv4' | 'ipv6'): boolean {
  const match = /^(\[([0-9A-Fa-f:.]+)\]|[A-Za-z0-9_.-]+):(\d{1,5})$/.exec(entry);
  if (!match) return false;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return false;
  const ipv6 = match[2];
  if (ipv6 !== undefined) return isIPv6(ipv6) && family !== 'ipv4';
  if (family === 'ipv4') return isIPv4(match[1] ?? '');
  return family !== 'ipv6';
}

/** Checks every entry of a comma-separated list; returns the problem or null. */
function listProblem(list: string, family?: 'ipv4' | 'ipv6'): string | null {
  const entries = list.split(',');
  for (const [index, entry] of entries.entries()) {
    const where = entries.length > 1 ? `entry ${index + 1} of ${entries.length}` : 'the address';
    if (entry === '') return `${where} is empty`;
    const expected = family ? `an ${family} address:port` : 'host:port';
    if (!isHostPort(entry, family)) return `${where}, "${entry}", is not ${expected}`;
  }
  return null;
}

/**
 * Turns a `<STAGE>_GRPC_ADDRESS` setting into a grpc-js target, or explains what is wrong with it.
 * Accepted: `host:port`; `host1:port,host2:port` (spaces around commas allowed); and the URIs
 * `dns:[//dns-server/]host:port`, `ipv4:a.b.c.d:port[,...]`, `ipv6:[addr]:port[,...]`, `unix:path`.
 */
function toTarget(address: string): { target: string } | { problem: string } {
  const trimmed = address.trim();
  const uri = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/]*)\/)?(.*)$/.exec(trimmed);
  const scheme = uri?.[1];
  if (uri && scheme !== undefined && URI_SCHEMES.has(scheme)) {
    const path = uri[3] ?? '';
    let problem: string | null = null;
    if (scheme === 'dns' && !isHostPort(path)) problem = `"${path}" is not host:port`;
    else if (scheme === 'ipv4' || scheme === 'ipv6') problem = listProblem(path, scheme);
    else if (path === '') problem = 'has no socket path';
    return problem ? { problem: `${scheme}: target ${problem}` } : { target: trimmed };
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const problem = listProblem(entries.join(','));
  if (problem) return { problem: entries.length > 1 ? `list ${problem}` : problem };
  // One host:port keeps grpc-js's default dns resolver; round_robin spreads calls over its addresses.
  return { target: entries.length === 1 ? trimmed : `${HOST_LIST_SCHEME}:${entries.join(',')}` };
}

/**
 * Resolves `host-list:host1:port,host2:port` by running grpc-js's own dns resolver on each entry
 * and reporting the union of the addresses found. An entry that does not resolve is left out
 * while another one does; the channel asks again (and so retries it) whenever a connection fails.
 */
class HostListResolver implements experimental.Resolver {
  private readonly children: experimental.Resolver[];
  private readonly latest: (experimental.StatusOr<experimental.Endpoint[]> | undefined)[];

  constructor(
    target: experimental.GrpcUri,
    private readonly listener: experimental.ResolverListener,
    options: ChannelOptions,
  ) {
    const entries = target.path.split(',');
    this.latest = entries.map(() => undefined);
    this.children = entries.map((path, index) =>
      experimental.createResolver(
        { scheme: 'dns', path },
        (endpoints) => {
          this.latest[index] = endpoints;
          return this.report();
        },
        options,
      ),
    );
  }

  private report(): boolean {
    const endpoints: experimental.Endpoint[] = [];
    let firstError: experimental.StatusOr<experimental.Endpoint[]> | undefined;
    for (const result of this.latest) {
      if (result?.ok) endpoints.push(...result.value);
      else if (result) firstError ??= result;
    }
    if (endpoints.length > 0) return this.listener(experimental.statusOrFromValue(endpoints), {}, null, '');
    // Nothing resolved yet: fail only once every entry has answered, so one slow name is waited for.
    if (firstError === undefined || this.latest.includes(undefined)) return true;
    return this.listener(firstError, {}, null, '');
  }

  updateResolution(): void {
    for (const child of this.children) child.updateResolution();
  }

  destroy(): void {
    for (const child of this.children) child.destroy();
    this.latest.fill(undefined);
  }

  static getDefaultAuthority(target: experimental.GrpcUri): string {
    return target.path.split(',')[0] ?? target.path;
  }
}

let hostListRegistered = false;

/**
 * A stage address setting as a grpc-js target plus the channel options that balance calls
 * round-robin over every address it resolves to. Throws on a malformed setting (config load has
 * normally refused it already, through `grpcAddress`).
 */
export function toGrpcTarget(address: string): GrpcTarget {
  const result = toTarget(address);
  if ('problem' in result) throw new Error(`Invalid gRPC address "${address}": ${result.problem}`);
  if (result.target.startsWith(`${HOST_LIST_SCHEME}:`) && !hostListRegistered) {
    experimental.registerResolver(HOST_LIST_SCHEME, HostListResolver);
    hostListRegistered = true;
  }
  return { target: result.target, options: balancedChannelOptions };
}

/**
 * zod schema of a stage address setting (`<STAGE>_GRPC_ADDRESS`): one `host:port`, a
 * comma-separated static list, or a gRPC target URI (`dns:///ocr:50052` for a name with several
 * addresses, e.g. compose replicas). Leaves the string as given; `toGrpcTarget` maps it.
 */
export const grpcAddress = z.string().superRefine((address, context) => {
  const result = toTarget(address);
  if ('problem' in result) {
    context.addIssue({ code: 'custom', message: `${result.problem}; expected ${ADDRESS_FORMS}` });
  }
});

/**
 * Builds a client of a generated gRPC service for a stage address setting, balancing calls
 * round-robin over every instance the address names: plaintext, or TLS with the channel of
 * `grpcChannelCredentials` (its server name checked in the stages' certificates when given).
 * Every stage client is made here.
 */
export function createStageClient<C>(
  Client: GrpcClientConstructor<C>,
  address: string,
  channel: { credentials: ChannelCredentials; serverName?: string } = { credentials: credentials.createInsecure() },
): C {
  const { target, options } = toGrpcTarget(address);
  const nameOverride = channel.serverName
    ? { 'grpc.ssl_target_name_override': channel.serverName, 'grpc.default_authority': channel.serverName }
    : {};
  return new Client(target, channel.credentials, { ...options, ...nameOverride });
}
