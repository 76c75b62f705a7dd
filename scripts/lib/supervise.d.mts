// Types of supervise.mjs for the TypeScript tests.
import type { ChildProcess } from 'node:child_process';

export interface RestartPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
  maxRestarts: number;
  burstWindowMs: number;
}

export declare const DEFAULT_RESTART_POLICY: RestartPolicy;

export interface Supervisor {
  readonly name: string;
  readonly pid: number | undefined;
  readonly state: 'running' | 'restarting' | 'exited';
  readonly restarts: number;
  readonly gaveUp: boolean;
  arm(): void;
  stop(graceMs?: number): Promise<void>;
}

export declare function supervise(options: {
  name: string;
  start: () => ChildProcess;
  log: (line: string) => void;
  onGiveUp?: (reason: string) => void;
  policy?: Partial<RestartPolicy>;
}): Supervisor;
