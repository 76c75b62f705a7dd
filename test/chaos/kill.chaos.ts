// kill -9 of each process of the real stack in the middle of a 30-page task, one at a time (a stage
// twice): the supervisor restarts it, the task ends Succeeded (or Failed with a clear message),
// none stays Processing, and a finished task of another owner keeps its output and files.
import { describe, expect, inject, test } from 'vitest';
import { api, type ApiTask } from '../src/api.js';
import { makeReport } from '../src/fixtures.js';
import { createRaw, dataUri, isClearMessage, runCase, settle } from './chaos-case.js';
import type { ProcessInfo } from './chaos-setup.js';
import type { TrackedTask } from './report.js';

const MINUTE = 60_000;
const PAGES = 30;

/** Each process's current pid, state and restarts (chaos-setup's control endpoint). */
async function processes(): Promise<Record<string, ProcessInfo>> {
  const response = await fetch(`${inject('chaosControlUrl')}/processes`);
  // chaos-setup's control endpoint answers exactly this shape.
  return (await response.json()) as Record<string, ProcessInfo>;
}

/**
 * How far the page stages are: the largest page count in the task's progress message
 * (`Processing pages (16/40)`, `Running OCR (12/40 pages), analyzing layout (8/40 pages)`); 0 before.
 */
function pagesDone(task: ApiTask): number {
  const counts = [...task.message.matchAll(/\((\d+)\/\d+/g)].map((match) => Number(match[1]));
  return Math.max(0, ...counts);
}

interface KillCase {
  /** The process to kill (a name of the stack's supervisors). */
  target: string;
  /** How many times, at successive points of the task. */
  times: number;
  /** Kill once this many pages are laid out (the stages the page groups use are busy then). */
  atPages: number;
  /** Or kill once the task's message is one of these (the steps after the pages). */
  atMessages?: string[];
  config?: Record<string, unknown>;
  fast?: boolean;
}

const CASES: KillCase[] = [
  { target: 'layout', times: 1, atPages: 3, fast: true },
  { target: 'render', times: 1, atPages: 3 },
  { target: 'ocr', times: 1, atPages: 3 },
  // Crops, the model and chunking run after the pages (`Processing segments`, then `Chunking`).
  { target: 'chunk', times: 1, atPages: Infinity, atMessages: ['Processing segments', 'Chunking'] },
  {
    target: 'llm',
    times: 1,
    atPages: Infinity,
    atMessages: ['Processing segments'],
    config: { segment_processing: { Text: { strategy: 'LLM' }, SectionHeader: { strategy: 'LLM' } } },
  },
  { target: 'worker', times: 1, atPages: 6 },
  { target: 'temporal', times: 1, atPages: 6 },
  { target: 'ocr', times: 2, atPages: 3 },
];

/** Polls a task through an outage: answers of 5xx while a process restarts are counted, not fatal. */
async function pollThrough(
  taskId: string,
  key: string,
  until: (task: ApiTask) => boolean,
  budgetMs: number,
): Promise<{ task: ApiTask | null; serverErrors: number }> {
  const deadline = Date.now() + budgetMs;
  let serverErrors = 0;
  for (;;) {
    const response = await api('GET', `/api/v1/task/${taskId}?include_chunks=false`, { key }).catch(() => null);
    if (response && response.status >= 500) serverErrors += 1;
    if (response?.status === 200) {
      const task = response.json<ApiTask>();
      if (until(task)) return { task, serverErrors };
    }
    if (Date.now() > deadline) return { task: null, serverErrors };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Kills `target` with SIGKILL and waits until its supervisor runs it again under a new pid. */
async function killAndWaitForRestart(target: string): Promise<string> {
  const before = (await processes())[target];
  if (!before?.pid) throw new Error(`no running process named ${target} (is the stack supervised?)`);
  process.kill(before.pid, 'SIGKILL');
  const deadline = Date.now() + 2 * MINUTE;
  for (;;) {
    const now = (await processes())[target];
    if (now?.pid && now.pid !== before.pid && now.state === 'running') return `${before.pid} -> ${now.pid}`;
    if (Date.now() > deadline)
      throw new Error(`${target} not running again 2 minutes after kill -9 (state ${now?.state})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What a finished task holds that a kill elsewhere must not touch: its output and its PDF. */
async function fingerprint(taskId: string, key: string): Promise<string> {
  const response = await api('GET', `/api/v1/task/${taskId}?include_chunks=true`, { key });
  if (response.status !== 200) return `HTTP ${response.status}`;
  const task = response.json<ApiTask>();
  const pdf = task.output?.pdf_url ? await fetch(task.output.pdf_url) : null;
  const pdfBytes = pdf?.ok ? (await pdf.arrayBuffer()).byteLength : -1;
  return JSON.stringify({ status: task.status, chunks: task.output?.chunks, pdfBytes });
}

const set = inject('chaosSet');

describe('kill -9 of each process mid-task', () => {
  let bystander: TrackedTask | null = null;
  let bystanderPrint = '';

  test(
    'a finished task of another owner exists before the kills',
    async () => {
      const key = inject('chaosKeys')['chaos-victim'];
      const created = await createRaw({ file: dataUri(makeReport(2)), ocr_strategy: 'Auto' }, key);
      expect(created.status).toBe(200);
      bystander = { taskId: created.task!.task_id, key }; // a 200 carries the task (checked just above)
      expect((await settle(bystander.taskId, key, 3 * MINUTE))?.status).toBe('Succeeded');
      bystanderPrint = await fingerprint(bystander.taskId, key);
    },
    5 * MINUTE,
  );

  for (const entry of CASES.filter((candidate) => set === 'full' || candidate.fast)) {
    const name = entry.times > 1 ? `${entry.target} x${entry.times}` : entry.target;
    test(
      `${name}: the supervisor restarts it and the ${PAGES}-page task still ends`,
      async () => {
        const key = inject('chaosKeys')['chaos-main'];
        const result = await runCase('kill', name, async () => {
          const created = await createRaw(
            {
              file: dataUri(makeReport(PAGES)),
              ocr_strategy: 'Auto',
              file_name: `kill-${entry.target}.pdf`,
              ...entry.config,
            },
            key,
          );
          if (!created.task) return { outcome: `create: ${created.status} ${created.text}`, ok: false, tasks: [] };
          const tasks: TrackedTask[] = [{ taskId: created.task.task_id, key }];
          const restarts: string[] = [];
          let serverErrors = 0;
          for (let kill = 0; kill < entry.times; kill += 1) {
            const atPages = entry.atPages + kill * 9;
            const reached = await pollThrough(
              created.task.task_id,
              key,
              (task) =>
                pagesDone(task) >= atPages ||
                (entry.atMessages ?? []).includes(task.message) ||
                (task.status !== 'Processing' && task.status !== 'Starting'),
              10 * MINUTE,
            );
            serverErrors += reached.serverErrors;
            if (reached.task && reached.task.status !== 'Processing' && reached.task.status !== 'Starting') break; // ended before the kill point
            restarts.push(await killAndWaitForRestart(entry.target));
          }
          const ended = await pollThrough(
            created.task.task_id,
            key,
            (task) => task.status !== 'Processing' && task.status !== 'Starting',
            15 * MINUTE,
          );
          serverErrors += ended.serverErrors;
          const status = ended.task?.status ?? 'still Processing after 15 minutes';
          const ok =
            ended.task !== null &&
            (status === 'Succeeded' || (status === 'Failed' && isClearMessage(ended.task.message))) &&
            restarts.length === entry.times;
          return {
            outcome: `${status}${ended.task && status !== 'Succeeded' ? `: ${ended.task.message}` : ''}; ${entry.target} restarted ${restarts.join(', ') || 'never (ended first)'}${serverErrors > 0 ? `; ${serverErrors} polls answered 5xx during the restart` : ''}`,
            ok,
            tasks,
            kills: restarts.length,
          };
        });
        expect(result.ok, result.outcome).toBe(true);
      },
      30 * MINUTE,
    );
  }

  test('the other owner’s finished task is untouched by every kill', async () => {
    const result = await runCase(
      'kill',
      'bystander task untouched',
      async () => {
        if (!bystander) return { outcome: 'no bystander task', ok: false, tasks: [] };
        const now = await fingerprint(bystander.taskId, bystander.key);
        return {
          outcome: now === bystanderPrint ? 'output and PDF unchanged' : 'changed',
          ok: now === bystanderPrint,
          tasks: [bystander],
        };
      },
      { canary: false },
    );
    expect(result.ok, result.outcome).toBe(true);
  });
});
