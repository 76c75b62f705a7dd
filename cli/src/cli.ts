import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createFolioClient, type FolioClient, type FolioClientOptions } from './client.js';
import { loadConfig, type CliConfig } from './config.js';
import { runParse, UsageError } from './parse-command.js';
import { createProgress, type ProgressStream } from './progress.js';

export const USAGE = `Usage: folio parse <file|folder>... [options]

Sends each file to a running Folio service as a task, shows its progress, and writes the task
JSON and its Markdown.

Options:
  --out <file>           task JSON of a single file (default: stdout, unless --markdown is given)
  --markdown <file>      Markdown of a single file
  --out-dir <dir>        for folders or several files: <name>.json and <name>.md per file
  --concurrency <n>      tasks in flight at once (default 2)
  --recursive            also parse files in subfolders
  --skip-existing        leave files whose <name>.json is already in --out-dir
  --config <json|file>   task settings merged into each request, e.g. '{"ocr_strategy":"Auto"}'
  --timeout <seconds>    longest wait for one task (default 1800)
  --url <url>            the service (default: FOLIO_URL, else http://localhost:8000)
  --api-key <key>        API key (default: FOLIO_API_KEY)
  -h, --help             this text

Environment: FOLIO_URL, FOLIO_API_KEY.
Exit code: 0 when every task succeeded, 1 when any failed, 2 for a usage error.`;

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: ProgressStream;
  stderr: ProgressStream;
  /** Tests pass a client factory that points at a fake server or counts calls. */
  createClient?: (options: FolioClientOptions) => FolioClient;
  pollMs?: number;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new UsageError(`--${name} expects a whole number above 0, not '${value}'`);
  return number;
}

/** `--config` as inline JSON (starting with `{` or `[`) or the path of a JSON file. */
async function readConfiguration(value: string | undefined): Promise<Record<string, unknown>> {
  if (value === undefined) return {};
  const text = /^\s*[[{]/.test(value)
    ? value
    : await readFile(value, 'utf8').catch(() => {
        throw new UsageError(`--config: cannot read ${value}`);
      });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--config is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError('--config must be a JSON object');
  if ('file' in parsed) throw new UsageError('--config must not name the file; pass it as an argument');
  // Checked to be a plain object just above.
  return parsed as Record<string, unknown>;
}

/** Runs the command line `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        markdown: { type: 'string' },
        'out-dir': { type: 'string' },
        concurrency: { type: 'string' },
        recursive: { type: 'boolean', default: false },
        'skip-existing': { type: 'boolean', default: false },
        config: { type: 'string' },
        timeout: { type: 'string' },
        url: { type: 'string' },
        'api-key': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, ...inputs] = positionals;
    if (values.help || command === undefined || command === 'help') {
      io.stdout.write(`${USAGE}\n`);
      return command === undefined && !values.help ? 2 : 0;
    }
    if (command !== 'parse') throw new UsageError(`unknown command '${command}'`);
    let config: CliConfig;
    try {
      config = loadConfig(io.env);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const apiKey = values['api-key'] ?? config.FOLIO_API_KEY;
    if (!apiKey) throw new UsageError('no API key: set FOLIO_API_KEY or pass --api-key');
    const baseUrl = values.url ?? config.FOLIO_URL;
    const client = (io.createClient ?? createFolioClient)({ baseUrl, apiKey });
    const configuration = await readConfiguration(values.config);
    const concurrency = positiveInt('concurrency', values.concurrency, 2);
    const timeoutSec = positiveInt('timeout', values.timeout, 1800);
    return await runParse(
      {
        inputs,
        out: values.out ?? null,
        markdown: values.markdown ?? null,
        outDir: values['out-dir'] ?? null,
        concurrency,
        recursive: values.recursive,
        skipExisting: values['skip-existing'],
        configuration,
        timeoutMs: timeoutSec * 1000,
        pollMs: io.pollMs ?? 1000,
      },
      { client, createProgress: (total) => createProgress(io.stderr, { total }), stdout: io.stdout },
    );
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    io.stderr.write(`folio: ${error instanceof Error ? error.message : String(error)}\n`);
    if (usage) io.stderr.write(`Run 'folio --help' for the options.\n`);
    return usage ? 2 : 1;
  }
}
