// The official Python client (chunkr-ai 0.3.7) driving the deployment, through client.py, from the
// virtual environment the conformance test uses too (src/reference-client.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { referenceClientPython as python } from '../../src/reference-client.js';

export interface TaskResult {
  task_id: string;
  status: string;
  message: string | null;
  pages: number | null;
}

export interface TaskRead {
  task_id: string;
  status: string;
  chunks: number;
  pdf_status: number | null;
  pdf_bytes: number;
  pdf_is_pdf: boolean;
}

export interface Sdk {
  submit(files: string[]): string[];
  wait(taskIds: string[], timeoutSec: number): TaskResult[];
  status(taskIds: string[]): { task_id: string; status: string }[];
  read(taskIds: string[]): TaskRead[];
}

/** The client against the gateway at `baseUrl` with `apiKey`. */
export function createSdk(baseUrl: string, apiKey: string): Sdk {
  const run = <T>(args: string[]): T[] => {
    const result = spawnSync(python, [join(import.meta.dirname, 'client.py'), ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, CHUNKR_URL: `${baseUrl}/api/v1`, CHUNKR_API_KEY: apiKey },
      timeout: 900_000,
    });
    if (result.status !== 0) throw new Error(`client.py ${args[0]} exited ${result.status}: ${result.stderr}`);
    return result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as T);
  };
  return {
    submit: (files) => {
      const created = run<{ task_id: string; seconds: number }>(['submit', ...files]);
      const slowest = Math.max(...created.map((line) => line.seconds));
      process.stdout.write(`deploy-test: ${created.length} tasks created, slowest create ${slowest.toFixed(2)} s\n`);
      return created.map((line) => line.task_id);
    },
    wait: (taskIds, timeoutSec) => run<TaskResult>(['wait', String(timeoutSec), ...taskIds]),
    status: (taskIds) => run<{ task_id: string; status: string }>(['status', ...taskIds]),
    read: (taskIds) => run<TaskRead>(['read', ...taskIds]),
  };
}
