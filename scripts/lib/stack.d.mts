// Types of stack.mjs for the TypeScript end-to-end harness.
import type { RestartPolicy, Supervisor } from './supervise.mjs';

export declare const STAGE_DEFAULT_PORTS: Readonly<Record<'render' | 'ocr' | 'layout' | 'chunk' | 'llm', number>>;
export declare const STAGES: readonly ('render' | 'ocr' | 'layout' | 'chunk' | 'llm')[];
export declare const SEARCH_ATTRIBUTES: readonly string[];

export interface StackEnv extends NodeJS.ProcessEnv {
  PORT: string;
  PUBLIC_URL: string;
  TEMPORAL_ADDRESS: string;
  TEMPORAL_UI_PORT?: string;
}

/** The names of a stack's processes: `temporal` (embedded only), the stages, `worker`, `gateway`. */
export type StackProcessName = 'temporal' | (typeof STAGES)[number] | 'worker' | 'gateway';

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
