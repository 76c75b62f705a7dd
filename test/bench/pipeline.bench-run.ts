// `npm run bench` (test/bench/README.md): the machine yardstick first, then each selected case's
// pages/s, stage shares, CPU utilization and peak memory, then a summary table.
import { appendFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createChunkEngine, createTokenizerRegistry, resolveTypeConfigs } from '@folio/chunk';
import { PageSegments } from '@folio/proto/documents/v1';
import { createFsStore, putJson } from '@folio/runtime';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { api, createTask, waitForTask, type ApiTask } from '../src/api.js';
import { waitForQuietCpu } from '../src/cpu-sampler.js';
import { makeDenseReport, makeReport } from '../src/fixtures.js';
import { OTHER_CASE_IDS, pipelineCases, selectCases, type CaseOptions, type PipelineCase } from './cases.js';
import { runCase, type CaseResult } from './run-case.js';
import { formatLatency, measureLatency, runAnatomy } from './latency.js';
import {
  fetchHistories,
  formatStageShares,
  formatStageTimes,
  historyCounts,
  stageShares,
  stageTimesOf,
} from './stage-times.js';
import { runPymupdf4llm } from './pymupdf4llm.js';
import { formatYardstick, measureYardstick } from './yardstick.js';

const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

const root = resolve(import.meta.dirname, '..', '..');

/** Status polls of the PATCH case, as the single-document cases poll (run-case.ts). */
const BENCH_POLL_MS = 100;

function positiveInteger(name: string, fallback: number | null): number | null {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`${name} must be a positive integer, not ${value}`);
  return Number(value);
}

const options: CaseOptions = {
  // The corpus `npm run eval` reads, at the same place beside the project.
  corpus: resolve(process.env.BENCH_CORPUS ?? resolve(root, '..', 'shared', 'corpus')),
  concurrency: positiveInteger('BENCH_CONCURRENCY', 4)!, // the fallback is a number
  icdarLimit: positiveInteger('BENCH_ICDAR_LIMIT', null),
};
const cases = pipelineCases(options);
const selected = selectCases(process.env.BENCH_CASES, [...cases.map((benchCase) => benchCase.id), ...OTHER_CASE_IDS]);
const cpuTimelinePath = process.env.BENCH_CPU_TIMELINE ? resolve(process.env.BENCH_CPU_TIMELINE) : null;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * `replicas: ocr 2, layout 2 (other stages 1)` when the local stack runs several instances of a
 * stage (`<STAGE>_REPLICAS`), so that runs compared side by side say how they differ; null otherwise.
 */
function replicasLine(): string | null {
  const several = Object.entries(inject('stageReplicas')).filter(([, count]) => count > 1);
  if (several.length === 0) return null;
  return `replicas: ${several.map(([stage, count]) => `${stage} ${count}`).join(', ')} (other stages 1)`;
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** One row of the closing summary. */
interface SummaryRow {
  id: string;
  result: CaseResult;
}
const summary: SummaryRow[] = [];

/** The stack's Temporal, for histories; null when the stack is remote and BENCH_TEMPORAL_ADDRESS unset. */
function temporalTarget(): { address: string; namespace: string } | null {
  const address = inject('temporalAddress');
  return address ? { address, namespace: process.env.BENCH_TEMPORAL_NAMESPACE ?? 'default' } : null;
}

async function printStageFigures(benchCase: PipelineCase, result: CaseResult): Promise<void> {
  const target = temporalTarget();
  if (!target) {
    print('  stage shares: skipped (remote stack and no BENCH_TEMPORAL_ADDRESS)');
    return;
  }
  const succeeded = result.outcomes.filter((outcome) => outcome.status === 'Succeeded' && outcome.taskId);
  const histories = await fetchHistories(
    target,
    succeeded.map((outcome) => outcome.taskId!),
  );
  const perTask = histories.map(stageTimesOf);
  print(`  stage share of the summed activity time: ${formatStageShares(stageShares(perTask))}`);
  // One task: its stages' spans add a wall-clock view; across overlapping tasks they mean little.
  if (benchCase.concurrency === 1 && perTask.length === 1)
    print(`  stage spans (first start to last end): ${formatStageTimes(perTask[0]!)}`);
  const counts = histories.map((history) => historyCounts(history.events ?? []));
  const pages = succeeded.reduce((total, outcome) => total + outcome.pageCount, 0);
  const sum = (key: keyof (typeof counts)[number]) => counts.reduce((total, count) => total + count[key], 0);
  const per = (key: keyof (typeof counts)[number]) =>
    `${(sum(key) / counts.length).toFixed(1)} / ${(sum(key) / pages).toFixed(2)}`;
  print(
    `  orchestration per task / per page: ${per('events')} history events, ${per('workflowTasks')} workflow tasks, ${per('activities')} activities, ${per('localActivities')} local activities`,
  );
}

function writeCpuTimeline(benchCase: PipelineCase, result: CaseResult): void {
  if (!cpuTimelinePath) return;
  const lines = result.cpu.timeline.map((point) => `${point.atSeconds}\t${point.busyPercent.toFixed(1)}`);
  // Blank-line separated blocks, one per case: gnuplot's `index`, or split on the comments.
  appendFileSync(cpuTimelinePath, `# ${benchCase.id}: ${benchCase.name}\n# t_s\tbusy_percent\n${lines.join('\n')}\n\n`);
}

describe('pipeline benchmark', () => {
  const remote = inject('benchRemote');

  const replicas = replicasLine();

  beforeAll(() => {
    if (replicas) print(replicas);
    if (cpuTimelinePath)
      writeFileSync(cpuTimelinePath, '# CPU busy % of all cores, one line per second since the case started\n\n');
  });

  afterAll(() => {
    if (summary.length === 0) return;
    print('');
    if (replicas) print(replicas);
    print('case | pages | wall s | pages/s | mean CPU busy % | peak RSS MiB');
    for (const { id, result } of summary) {
      const peak = result.peakRss === null ? '-' : mib(result.peakRss.bytes);
      print(
        `${id} | ${result.pages} | ${result.seconds.toFixed(2)} | ${(result.pages / result.seconds).toFixed(2)} | ${result.cpu.meanBusyPercent.toFixed(0)} of ${result.cpu.cores} cores | ${peak}`,
      );
    }
  });

  const yardstickInputs = {
    layoutModelPath: join(root, 'models', 'doclaynet', 'yolov8n-doclaynet.onnx'),
    renderPdfPath: join(options.corpus, 'icdar2013-tables', 'competition-dataset-eu', 'eu-001.pdf'),
  };
  /** The yardstick once the machine is quiet, its lines marked with `when`. */
  async function printYardstick(when: string): Promise<void> {
    const { waitedMs, quiet } = await waitForQuietCpu();
    const wait = `${quiet ? 'after' : 'machine still busy after'} ${(waitedMs / 1000).toFixed(1)} s of waiting for idle cores`;
    print(`yardstick (${when}; ${wait}):`);
    for (const line of formatYardstick(await measureYardstick(yardstickInputs), yardstickInputs)) print(`  ${line}`);
    if (remote) print('  yardstick: measured on this machine; the stack at BENCH_API_URL may run on another');
  }

  /** pymupdf4llm on the case's files, after the case, and the case's pages/s as a multiple of it. */
  function printAgainstPymupdf4llm(benchCase: PipelineCase, result: CaseResult): void {
    const paths = benchCase.documents().flatMap((document) => (document.path ? [document.path] : []));
    try {
      const baseline = runPymupdf4llm(paths);
      const theirs = baseline.pages / baseline.seconds;
      const ours = result.pages / result.seconds;
      print(
        `  pymupdf4llm ${baseline.version}, the same ${plural(paths.length, 'PDF')} one after another in one process: ${plural(baseline.pages, 'page')} in ${baseline.seconds.toFixed(2)} s, ${theirs.toFixed(2)} pages/s; this case ${(ours / theirs).toFixed(2)}x`,
      );
    } catch (error) {
      print(`  pymupdf4llm: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  it('prints the machine yardstick', () => printYardstick('before the cases'));

  for (const benchCase of cases) {
    it.skipIf(!selected.has(benchCase.id))(`${benchCase.id}: ${benchCase.name}`, async () => {
      print('');
      print(`case ${benchCase.id}: ${benchCase.name}`);
      const result = await runCase(benchCase, remote ? null : { ancestorPid: inject('stackOwnerPid') });
      const failed = result.outcomes.filter((outcome) => outcome.status !== 'Succeeded');
      print(
        `  ${plural(result.outcomes.length, 'document')}, ${plural(result.pages, 'page')} in ${result.seconds.toFixed(2)} s: ${(result.pages / result.seconds).toFixed(2)} pages/s`,
      );
      await printStageFigures(benchCase, result);
      print(
        `  CPU: ${result.cpu.meanBusyPercent.toFixed(1)}% busy on average over ${result.cpu.cores} cores (whole machine${remote ? ", the bench client's" : ''}, /proc/stat every 250 ms)`,
      );
      print(
        result.peakRss === null
          ? "  peak RSS of the stack: skipped (remote stack: its processes are not this machine's to sample)"
          : `  peak RSS of the stack: ${mib(result.peakRss.bytes)} MiB (services, worker, gateway, Temporal, LibreOffice); then, MiB: ${[
              ...result.peakRss.byProcess,
            ]
              .sort(([, a], [, b]) => b - a)
              .map(([name, bytes]) => `${name} ${mib(bytes)}`)
              .join(', ')}`,
      );
      if (result.cpuByProcess) {
        const byProcess = [...result.cpuByProcess].sort(([, a], [, b]) => b - a);
        const total = byProcess.reduce((sum, [, seconds]) => sum + seconds, 0);
        print(
          `  CPU of the stack: ${total.toFixed(1)} s; by process, s: ${byProcess.map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`).join(', ')}`,
        );
      }
      if (benchCase.againstPymupdf4llm) printAgainstPymupdf4llm(benchCase, result);
      writeCpuTimeline(benchCase, result);
      summary.push({ id: benchCase.id, result });
      for (const outcome of failed) print(`  FAILED ${outcome.fileName}: ${outcome.status} ${outcome.message}`);
      if (failed.length > 0)
        throw new Error(`${benchCase.id}: ${failed.length} of ${result.outcomes.length} tasks did not succeed`);
    });
  }

  // Again at the end: a machine whose speed changed during the run (another tenant, throttling)
  // shows as two yardsticks that differ.
  it('prints the machine yardstick again', () => printYardstick('after the cases'));

  it.skipIf(!selected.has('latency-1'))(
    'latency-1: one born-digital page, API defaults, one task at a time',
    async () => {
      print('');
      const runs = positiveInteger('BENCH_LATENCY_RUNS', 50)!; // the fallback is a number
      print(`case latency-1: a 1-page born-digital report, API defaults, ${runs} runs one after another`);
      const { waitedMs } = await waitForQuietCpu();
      print(`  started after ${(waitedMs / 1000).toFixed(1)} s of waiting for idle cores`);
      const measured = await measureLatency(makeDenseReport(1), {}, runs);
      const target = temporalTarget();
      const anatomies = target
        ? (
            await fetchHistories(
              target,
              measured.map((run) => run.taskId),
            )
          ).map(runAnatomy)
        : [];
      for (const line of formatLatency(measured, anatomies)) print(`  ${line}`);
    },
  );

  it.skipIf(!selected.has('patch-50'))('patch-50: target_length-only update of a finished 50-page task', async () => {
    print('');
    const created = await createTask(makeReport(50), { ocr_strategy: 'Auto' });
    const task = await waitForTask(created.task_id, 600_000);
    if (task.status !== 'Succeeded') throw new Error(`50-page task: ${task.status} ${task.message}`);
    const startedAt = performance.now();
    const response = await api('PATCH', `/api/v1/task/${task.task_id}/parse`, {
      body: { chunk_processing: { target_length: 128 } },
    });
    if (response.status !== 200) throw new Error(`PATCH failed: ${response.status} ${response.text}`);
    for (;;) {
      const polled = (await api('GET', `/api/v1/task/${task.task_id}?include_chunks=false`)).json<ApiTask>();
      if (polled.status === 'Succeeded') break;
      if (polled.status === 'Failed') throw new Error(`update failed: ${polled.message}`);
      await new Promise((resolve) => setTimeout(resolve, BENCH_POLL_MS));
    }
    print(
      `PATCH target_length only, 50 pages, PATCH->Succeeded: ${((performance.now() - startedAt) / 1000).toFixed(2)} s`,
    );
  });

  it.skipIf(!selected.has('chunk-10k'))('chunk-10k: chunk engine alone, 10 000 segments, Cl100kBase', async () => {
    print('');
    const dir = await mkdtemp(join(tmpdir(), 'folio-chunk-bench-'));
    try {
      const store = createFsStore({
        rootDir: dir,
        publicUrl: 'http://localhost:0',
        signingSecret: 'bench-signing-secret-0123',
      });
      const keys: string[] = [];
      // 100 pages x 100 segments: a heading every 10 segments, report sentences as body text.
      for (let pageIndex = 0; pageIndex < 100; pageIndex++) {
        const segments = Array.from({ length: 100 }, (_, index) => {
          const text =
            index % 10 === 0
              ? `Section ${pageIndex}.${index}`
              : `${SENTENCE_POOL[(pageIndex + index) % SENTENCE_POOL.length]} (${pageIndex}-${index})`;
          return {
            segmentId: `p${pageIndex}-s${index}`,
            segmentType: index % 10 === 0 ? 'SectionHeader' : 'Text',
            bbox: { left: 50, top: index * 14, width: 500, height: 12 },
            confidence: 0.9,
            words: text.split(' ').map((word, position) => ({
              text: word,
              bbox: { left: 50 + position * 40, top: index * 14, width: 36, height: 12 },
              confidence: 0.9,
              blockIndex: index,
              lineIndex: 0,
            })),
            tableHtml: '',
          };
        });
        const key = `bench/pages/${pageIndex}.json`;
        await putJson(
          store,
          key,
          PageSegments.toJSON({ pageIndex, width: 1224, height: 1584, segments, image: undefined }),
        );
        keys.push(key);
      }
      const tokenizers = createTokenizerRegistry();
      // The service loads the ranks once per process; load them first, so the timing is chunking alone.
      await tokenizers.load('Cl100kBase');
      const engine = createChunkEngine({ store, tokenizers });
      const request = {
        pageSegmentKeys: keys,
        typeConfigs: resolveTypeConfigs([]),
        targetLength: 512,
        ignoreHeadersAndFooters: true,
        tokenizer: 'Cl100kBase',
        extrasKey: '',
      };
      for (const label of ['first request', 'second request (piece counts memoized)']) {
        const startedAt = performance.now();
        const cpuBefore = process.cpuUsage();
        const result = await engine.chunkDocument({ ...request, outputKey: 'bench/output.json' });
        const cpu = process.cpuUsage(cpuBefore);
        // CPU time beside wall time: on a shared machine it is the steadier figure.
        const cpuMs = (cpu.user + cpu.system) / 1000;
        print(
          `chunk stage, 10 000 segments, Cl100kBase, ${label}: ${(performance.now() - startedAt).toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU (${result.chunkCount} chunks; reads 100 PageSegments, writes the ~15 MB output)`,
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const SENTENCE_POOL = [
  'Retrieval works best when chunks follow the structure of the document.',
  'Each page is rendered, its words are read, and its layout is analysed.',
  'Segments are grouped into chunks that stay within the target length.',
  'Tables keep their rows and cells so that answers can cite them.',
];
