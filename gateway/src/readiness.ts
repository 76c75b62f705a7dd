import { Client } from '@grpc/grpc-js';
import type { Connection } from '@temporalio/client';
import { createStageClient, errorMessage, type Logger, type ObjectStore, type StageName } from '@folio/runtime';

/**
 * One dependency check: resolves when the component answers before `deadline`, rejects when it
 * does not. A probe that ignores the deadline is cut off at it anyway.
 */
export type ReadinessProbe = (deadline: Date) => Promise<void>;

/** What `GET /health/ready` answers: every component `ok` or `down`. */
export interface ReadinessReport {
  status: 'ready' | 'not ready';
  components: Record<string, 'ok' | 'down'>;
  /** The components that are down, in probe order; absent when ready. */
  down?: string[];
}

export interface ReadinessOptions {
  probes: Record<string, ReadinessProbe>;
  /** Each probe's time limit; the whole check takes about this long at most. */
  timeoutMs?: number;
  /**
   * A report is reused this long, and concurrent requests share one check: the route needs no
   * credentials, so each request must not fan out to every dependency.
   */
  cacheMs?: number;
  logger: Logger;
  now?: () => number;
}

/** Checks every probe at once; see `ReadinessOptions`. Why a component is down is logged, never answered. */
export function createReadinessCheck(options: ReadinessOptions): () => Promise<ReadinessReport> {
  const { probes, logger } = options;
  const timeoutMs = options.timeoutMs ?? 2_000;
  const cacheMs = options.cacheMs ?? 1_000;
  const now = options.now ?? Date.now;
  let cached: { report: Promise<ReadinessReport>; at: number } | null = null;

  async function probeOne(name: string, probe: ReadinessProbe): Promise<'ok' | 'down'> {
    const deadline = new Date(now() + timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([probe(deadline), timeout]);
      return 'ok';
    } catch (error) {
      logger.warn({ component: name, reason: errorMessage(error) }, 'readiness check failed');
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }

  async function check(): Promise<ReadinessReport> {
    const names = Object.keys(probes);
    const results = await Promise.all(names.map((name) => probeOne(name, probes[name]!))); // names are its keys
    const components = Object.fromEntries(names.map((name, index) => [name, results[index]!]));
    const down = names.filter((name) => components[name] === 'down');
    return down.length === 0 ? { status: 'ready', components } : { status: 'not ready', components, down };
  }

  return () => {
    if (!cached || now() - cached.at >= cacheMs) cached = { report: check(), at: now() };
    return cached.report;
  };
}

/** What the gateway's own dependencies are reached through. */
export interface DependencyProbeOptions {
  /** The Temporal connection the gateway already uses (a lazy one connects on the first probe). */
  connection: Connection;
  store: ObjectStore;
  /** `<STAGE>_GRPC_ADDRESS` of every stage. */
  stageAddresses: Record<StageName, string>;
  /** How the stages are reached (grpcChannelCredentials); plaintext when absent. */
  stageChannel?: Parameters<typeof createStageClient>[2];
}

/**
 * Probes of Temporal (GetSystemInfo on the existing connection), object storage (a HEAD of one
 * key: a missing key is fine, an unreachable store or refused credentials are not) and each stage
 * (its gRPC channel reaching READY, i.e. a live HTTP/2 connection to at least one instance).
 * `close` releases the stage channels.
 */
export function createDependencyProbes(options: DependencyProbeOptions): {
  probes: Record<string, ReadinessProbe>;
  close: () => void;
} {
  const { connection, store } = options;
  const stageClients = Object.entries(options.stageAddresses).map(
    ([stage, address]) => [stage, createStageClient(Client, address, options.stageChannel)] as const,
  );
  const probes: Record<string, ReadinessProbe> = {
    temporal: async (deadline) => {
      await connection.withDeadline(deadline, () => connection.workflowService.getSystemInfo({}));
    },
    storage: async () => {
      await store.stat('health/readiness-probe');
    },
  };
  for (const [stage, client] of stageClients) {
    probes[stage] = (deadline) =>
      new Promise((resolve, reject) => client.waitForReady(deadline, (error) => (error ? reject(error) : resolve())));
  }
  return { probes, close: () => stageClients.forEach(([, client]) => client.close()) };
}
