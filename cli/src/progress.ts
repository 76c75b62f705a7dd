import { pagesOf } from './task.js';

/** Where progress goes: stderr, so stdout stays the task JSON when no --out is given. */
export interface ProgressStream {
  write(text: string): unknown;
  /** A terminal gets one line redrawn in place; anything else gets a line per change. */
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** A file's task moved: its status and message (which carries pages done for page stages). */
  update(name: string, status: string, message: string): void;
  /** A file ended; `line` is printed for good (above the live line on a terminal). */
  finish(name: string, succeeded: boolean, line: string): void;
  /** Clears the live line. */
  close(): void;
}

const BAR_WIDTH = 20;
/** An unchanged live line is redrawn at most this often, so a fast poll does not flood slow terminals. */
const REDRAW_MS = 100;

/** `[#######.............] 7/20 pages`, or null when the message names no page count. */
export function pageBar(message: string): string | null {
  const pages = pagesOf(message);
  if (pages === null) return null;
  const filled = Math.round((Math.min(pages.done, pages.total) / pages.total) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${pages.done}/${pages.total} pages`;
}

/**
 * Progress of one or many files. On a terminal: one live line, `[done/total] name status bar`
 * of the file that moved last plus how many run, redrawn in place. Elsewhere (a log, CI): one
 * plain line whenever a file's message changes.
 */
export function createProgress(stream: ProgressStream, options: { total: number; now?: () => number }): Progress {
  const now = options.now ?? Date.now;
  const startedAt = new Map<string, number>();
  const last = new Map<string, string>();
  const running = new Map<string, { status: string; message: string }>();
  let finished = 0;
  let failed = 0;
  let lastName = '';
  let liveShown = false;
  let lastDrawMs = 0;
  let lastState = '';

  function elapsed(name: string): string {
    return `${Math.round((now() - (startedAt.get(name) ?? now())) / 1000)}s`;
  }

  function clearLive(): void {
    if (liveShown) stream.write('\r\x1b[2K');
    liveShown = false;
  }

  function drawLive(force: boolean): void {
    const current = running.get(lastName) ?? running.values().next().value;
    const name = running.has(lastName) ? lastName : (running.keys().next().value ?? '');
    if (!current) {
      clearLive();
      return;
    }
    const counts =
      options.total > 1
        ? `[${finished}/${options.total}${failed ? `, ${failed} failed` : ''}, ${running.size} running] `
        : '';
    const bar = pageBar(current.message);
    const state = `${counts}${name}: ${current.status}${bar ? ` ${bar}` : ''} · ${current.message}`;
    // A new state is drawn at once; the same one again only to tick its seconds.
    if (!force && state === lastState && now() - lastDrawMs < REDRAW_MS) return;
    lastState = state;
    lastDrawMs = now();
    let line = `${state} · ${elapsed(name)}`;
    const width = (stream.columns ?? 100) - 1;
    if (line.length > width) line = `${line.slice(0, Math.max(0, width - 1))}…`;
    stream.write(`\r\x1b[2K${line}`);
    liveShown = true;
  }

  return {
    update(name, status, message) {
      if (!startedAt.has(name)) startedAt.set(name, now());
      running.set(name, { status, message });
      lastName = name;
      if (stream.isTTY) {
        drawLive(false);
        return;
      }
      const text = `${status} · ${message}`;
      if (last.get(name) === text) return;
      last.set(name, text);
      stream.write(`${options.total > 1 ? `[${finished}/${options.total}] ` : ''}${name}: ${text}\n`);
    },

    finish(name, succeeded, line) {
      running.delete(name);
      finished += 1;
      if (!succeeded) failed += 1;
      const text = `${succeeded ? 'ok  ' : 'FAIL'} ${name}: ${line} (${elapsed(name)})`;
      if (stream.isTTY) {
        clearLive();
        stream.write(`${text}\n`);
        drawLive(true);
      } else {
        stream.write(`${text}\n`);
      }
    },

    close() {
      if (stream.isTTY) clearLive();
    },
  };
}
