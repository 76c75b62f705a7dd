// Types of podman.mjs for the TypeScript tests.
import type { SpawnSyncReturns } from 'node:child_process';

export declare function podmanEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function podman(args: string[], options?: { check?: boolean; input?: string }): SpawnSyncReturns<string>;
export declare function assertPodmanRuns(image: string): void;
export declare function podmanAsync(args: string[]): Promise<{ status: number; stdout: string; stderr: string }>;
