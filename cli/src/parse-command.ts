import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import type { FileFormat, FolioClient } from './client.js';
import type { Progress } from './progress.js';
import { isFinal, toMarkdown, type Task } from './task.js';

export interface ParseOptions {
  /** Files and folders as given. */
  inputs: string[];
  /** Task JSON of a single file; without it (and without --markdown) the JSON goes to stdout. */
  out: string | null;
  /** Markdown of a single file. */
  markdown: string | null;
  /** Folder of `<name>.json` and `<name>.md` per file: required for folders and several files. */
  outDir: string | null;
  /** Tasks in flight at once. */
  concurrency: number;
  recursive: boolean;
  /** Leave files whose `<name>.json` is already in outDir (to resume a batch). */
  skipExisting: boolean;
  /** Settings merged into each create request (ocr_strategy, chunk_processing, ...). */
  configuration: Record<string, unknown>;
  /** Longest wait for one task. */
  timeoutMs: number;
  pollMs: number;
}

export interface ParseDeps {
  client: FolioClient;
  /** The progress display, made once the number of files is known. */
  createProgress: (total: number) => Progress;
  /** The JSON of a single file without --out. */
  stdout: { write(text: string): unknown };
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** A user error: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface Job {
  path: string;
  /** Name shown in progress and used for outputs: relative to its folder for folder inputs. */
  name: string;
  format: FileFormat;
}

function formatOf(path: string, formats: readonly FileFormat[]): FileFormat | null {
  const extension = extname(path).slice(1).toLowerCase();
  return formats.find((format) => format.extension === extension) ?? null;
}

/** The files under `dir` the service accepts, sorted, relative names from `dir`. */
async function listFolder(dir: string, recursive: boolean, formats: readonly FileFormat[]): Promise<Job[]> {
  const jobs: Job[] = [];
  async function walk(current: string): Promise<void> {
    const entries = (await readdir(current, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        if (recursive) await walk(path);
        continue;
      }
      const format = entry.isFile() ? formatOf(path, formats) : null;
      if (format) jobs.push({ path, name: relative(dir, path), format });
    }
  }
  await walk(dir);
  return jobs;
}

async function expandInputs(
  options: ParseOptions,
  formats: readonly FileFormat[],
): Promise<{ jobs: Job[]; batch: boolean }> {
  const jobs: Job[] = [];
  let batch = options.inputs.length > 1;
  for (const input of options.inputs) {
    const info = await stat(input).catch(() => null);
    if (info === null) throw new UsageError(`no such file or folder: ${input}`);
    if (info.isDirectory()) {
      batch = true;
      jobs.push(...(await listFolder(input, options.recursive, formats)));
      continue;
    }
    const format = formatOf(input, formats);
    if (format === null) {
      throw new UsageError(
        `${input}: the service does not accept .${extname(input).slice(1) || '(no extension)'} files`,
      );
    }
    jobs.push({ path: input, name: basename(input), format });
  }
  return { jobs, batch };
}

async function writeOutput(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/**
 * `folio parse`: sends each file as a task, follows it to the end with a progress line, and
 * writes the task JSON and its Markdown. Returns the exit code: 0 when every task succeeded,
 * 1 when any failed.
 */
export async function runParse(options: ParseOptions, deps: ParseDeps): Promise<number> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  if (options.inputs.length === 0) throw new UsageError('parse needs a file or a folder');
  const formats = await deps.client.fileTypes();
  const { jobs, batch } = await expandInputs(options, formats);
  if (batch && options.outDir === null) throw new UsageError('several files or a folder need --out-dir');
  if (batch && (options.out !== null || options.markdown !== null)) {
    throw new UsageError('--out and --markdown name the outputs of a single file; use --out-dir for several');
  }
  if (jobs.length === 0) throw new UsageError('no file the service accepts in the given folders');
  const progress = deps.createProgress(jobs.length);

  /** Output paths of a job: explicit for one file, `<outDir>/<name without extension>.{json,md}` in a batch. */
  function outputsOf(job: Job): { json: string | null; markdown: string | null } {
    if (options.outDir === null) return { json: options.out, markdown: options.markdown };
    const stem = job.name.slice(0, job.name.length - extname(job.name).length);
    return { json: join(options.outDir, `${stem}.json`), markdown: join(options.outDir, `${stem}.md`) };
  }

  async function follow(job: Job, created: Task): Promise<Task> {
    const deadline = now() + options.timeoutMs;
    let task = created;
    progress.update(job.name, task.status, task.message);
    while (!isFinal(task.status)) {
      if (now() > deadline)
        throw new Error(`still ${task.status} after ${Math.round(options.timeoutMs / 1000)} s (task ${task.task_id})`);
      await sleep(options.pollMs);
      task = await deps.client.getTask(task.task_id, { includeChunks: false });
      progress.update(job.name, task.status, task.message);
    }
    return task.status === 'Succeeded' ? deps.client.getTask(task.task_id, { includeChunks: true }) : task;
  }

  async function runJob(job: Job): Promise<boolean> {
    const outputs = outputsOf(job);
    try {
      if (options.skipExisting && outputs.json !== null && (await stat(outputs.json).catch(() => null)) !== null) {
        progress.finish(job.name, true, `skipped, ${outputs.json} exists`);
        return true;
      }
      const byteSize = (await stat(job.path)).size;
      progress.update(
        job.name,
        'Uploading',
        byteSize < 1024 * 1024 ? `${Math.ceil(byteSize / 1024)} KiB` : `${(byteSize / 1024 / 1024).toFixed(1)} MiB`,
      );
      const created = await deps.client.createTask(
        { path: job.path, name: basename(job.path), byteSize, mimeType: job.format.mime_type },
        options.configuration,
      );
      const task = await follow(job, created);
      if (task.status !== 'Succeeded') {
        progress.finish(job.name, false, `${task.status}: ${task.message} (task ${task.task_id})`);
        return false;
      }
      const json = `${JSON.stringify(task, null, 2)}\n`;
      if (outputs.json !== null) await writeOutput(outputs.json, json);
      if (outputs.markdown !== null) await writeOutput(outputs.markdown, toMarkdown(task));
      if (outputs.json === null && outputs.markdown === null) deps.stdout.write(json);
      const written = [outputs.json, outputs.markdown].filter((path) => path !== null).join(', ');
      const counts = `${task.output?.page_count ?? 0} pages, ${task.output?.chunks.length ?? 0} chunks`;
      progress.finish(job.name, true, `${counts}${written ? ` -> ${written}` : ''}`);
      return true;
    } catch (error) {
      progress.finish(job.name, false, error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  // A fixed pool: each worker takes the next file until none is left.
  const queue = [...jobs];
  let failures = 0;
  const workers = Array.from({ length: Math.min(options.concurrency, jobs.length) }, async () => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      if (!(await runJob(job))) failures += 1;
    }
  });
  await Promise.all(workers);
  progress.close();
  return failures === 0 ? 0 : 1;
}
