import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, waitForTask, type ApiTask } from '../src/api.js';
import { makeDenseReport, makeScannedPdf } from '../src/fixtures.js';
import { sample } from '../src/prometheus.js';
import { startTestStack, type TestStack } from '../src/test-stack.js';

// Two instances each of the OCR and layout stages in one stack (`<STAGE>_REPLICAS`, scripts/lib/stack.mjs),
// one thread pool worker each: the worker's round-robin clients (`<STAGE>_GRPC_ADDRESS` lists both)
// send the calls of one real task to both instances. Its own stack, beside the suite's shared one.

/** The instances under test and the RPC that carries their pages. */
const INSTANCES = [
  { name: 'ocr', rpc: 'RecognizePages' },
  { name: 'ocr-2', rpc: 'RecognizePages' },
  { name: 'layout', rpc: 'AnalyzeLayout' },
  { name: 'layout-2', rpc: 'AnalyzeLayout' },
] as const;

/** Six pages: six OCR calls (one a page) and two layout calls (three pages each). */
const PAGES = 6;

let stack: TestStack;
let key: string;

beforeAll(async () => {
  stack = await startTestStack('replicas', {
    OCR_REPLICAS: '2',
    LAYOUT_REPLICAS: '2',
    OCR_WORKERS: '1',
    LAYOUT_WORKERS: '1',
  });
  key = stack.createKey('replicas-owner');
});

afterAll(async () => {
  await stack?.stop();
});

/** Sends a scanned PDF with OCR on every page and waits for the task to end. */
async function runTask(pdf: Buffer, fileName: string): Promise<ApiTask> {
  const target = { baseUrl: stack.baseUrl, key };
  const created = await createTask(pdf, { file_name: fileName, ocr_strategy: 'All' }, 'application/pdf', target);
  return waitForTask(created.task_id, 120_000, undefined, 250, target);
}

/** Each instance's count of successful calls of its page RPC. */
async function callCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name, rpc } of INSTANCES) {
    const url = stack.metricsUrls[name];
    expect(url, `the stack runs no process named ${name}`).toBeDefined();
    const response = await fetch(url!); // checked just above
    expect(response.status, name).toBe(200);
    counts[name] = sample(await response.text(), `folio_rpc_duration_seconds_count{rpc="${rpc}",code="OK"}`);
  }
  return counts;
}

describe('stage replicas on one machine', () => {
  it('spreads the OCR and layout calls of one task over both instances of each stage', async () => {
    // grpc-js connects to the instances at a channel's first call and sends the calls queued until
    // then to the first that answers: one warm-up task, so the measured one meets both connected.
    expect((await runTask(makeScannedPdf(makeDenseReport(1)), 'warm-up.pdf')).status).toBe('Succeeded');
    const before = await callCounts();
    const task = await runTask(makeScannedPdf(makeDenseReport(PAGES)), 'replicas.pdf');
    expect(task.status, task.message).toBe('Succeeded');
    const after = await callCounts();
    const served = Object.fromEntries(INSTANCES.map(({ name }) => [name, after[name]! - before[name]!]));
    for (const { name } of INSTANCES) expect(served[name], JSON.stringify(served)).toBeGreaterThanOrEqual(1);
    expect(served.ocr! + served['ocr-2']!).toBeGreaterThanOrEqual(PAGES);
  });
});
