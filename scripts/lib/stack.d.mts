// Types of stack.mjs for the TypeScript end-to-end harness.
import type { RestartPolicy, Supervisor } from './supervise.mjs';

export type StackStage = 'render' | 'ocr' | 'layout' | 'chunk' | 'llm';
export declare const STAGE_DEFAULT_PORTS: Readonly<Record<StackStage, { grpc: number; metrics: number }>>;
export declare const STAGES: readonly StackStage[];
export declare const SEARCH_ATTRIBUTES: readonly string[];
/** Most instances of one stage `<STAGE>_REPLICAS` may ask for. */
export declare const MAX_REPLICAS: number;

/** One process of a stage: `ocr` (the first instance), `ocr-2`, ... */
export interface StageInstance {
  stage: StackStage;
  name: string;
  /** Its `<STAGE>_GRPC_PORT`. */
  grpcPort: string;
  /** Its `<STAGE>_METRICS_PORT`: a port, `0` (any free one) or `off`. */
  metricsPort: string;
}

/** `<STAGE>_REPLICAS` of every stage (1 when unset); throws naming every bad one. */
export declare function stageReplicas(env: NodeJS.ProcessEnv): Record<StackStage, number>;
/** Every stage instance a stack with `env` runs, with its ports; throws naming every bad variable. */
export declare function stageInstances(env: NodeJS.ProcessEnv): StageInstance[];

export interface StackEnv extends NodeJS.ProcessEnv {
  PORT: string;
  PUBLIC_URL: string;
  TEMPORAL_ADDRESS: string;
  TEMPORAL_UI_PORT?: string;
}

/** The names of a stack's processes: `temporal` (embedded only), the stage instances, `worker`, `gateway`. */
export type StackProcessName = 'temporal' | StackStage | `${StackStage}-${number}` | 'worker' | 'gateway';

export interface Stack {
  stop(): Promise<void>;
  /** Each process's supervisor: its current pid, state and restart count. */
  processes: Partial<Record<StackProcessName, Supervisor>>;
  /** The current pid of each process (a restart gives a new one). */
  pids(): Partial<Record<StackProcessName, number>>;
}

/** A process of the stack exited while the stack was starting (a port lost to another process, a crash). */
export declare class StackStartError extends Error {}

export declare function waitForPort(
  host: string,
  port: number,
  timeoutMs: number,
  isAlive?: () => boolean,
): Promise<void>;
export declare function waitForHttp(url: string, timeoutMs: number, isAlive?: () => boolean): Promise<void>;
export declare function startStack(options: {
  root: string;
  env: StackEnv;
  temporalBinary: string;
  dataDir: string;
  output: (name: string, line: string) => void;
  /** Called when a process kept dying and is no longer restarted. */
  onGiveUp?: (name: string, reason: string) => void;
  restartPolicy?: Partial<RestartPolicy>;
}): Promise<Stack>;
export declare function stackEnv(base: NodeJS.ProcessEnv, options: { root: string; dataDir: string }): StackEnv;
