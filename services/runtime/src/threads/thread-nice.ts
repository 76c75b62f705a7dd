import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type { JobPriority } from './job-priority.js';

/**
 * The scheduling niceness a worker thread takes for a job of each priority. The pools order their
 * own queues (JOB_PRIORITY_RANK), but a job already running in another stage's process shares the
 * cores with ours; the kernel gives a thread at nice 5 about a third of what one at 0 gets, at 10
 * about a tenth, so an interactive job keeps most of a core beside a flood's running jobs. Alone on
 * the machine, every thread still gets all it asks for.
 */
export const JOB_NICE: Readonly<Record<JobPriority, number>> = { interactive: 0, normal: 5, background: 10 };

/** Sets the calling thread's niceness per job; does nothing where the system does not allow it. */
export interface ThreadNice {
  /** Takes `priority`'s niceness for the job about to run. */
  forJob(priority: JobPriority): void;
}

/** The kernel's id of the calling thread (Linux: `/proc/thread-self`); throws elsewhere. */
export function currentThreadId(): number {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (!Number.isInteger(threadId) || threadId <= 0) throw new Error('no thread id in /proc/thread-self');
  return threadId;
}

/**
 * The calling thread's niceness control. On Linux a thread is addressed by its id (from
 * `/proc/thread-self`); going back to a lower niceness needs CAP_SYS_NICE (root) or a nice limit
 * (RLIMIT_NICE) of 20, so the control probes that once (up by one, then back) and stays off where
 * it cannot, rather than leave a thread that ran a background job slowed for the interactive one
 * after it.
 */
export function threadNice(): ThreadNice {
  const off: ThreadNice = { forJob: () => undefined };
  let threadId: number;
  let base: number;
  try {
    threadId = currentThreadId();
    base = getPriority(threadId);
    setPriority(threadId, base + 1);
  } catch {
    return off;
  }
  try {
    setPriority(threadId, base);
  } catch {
    // Stuck one step nicer than the rest: harmless, but nothing more is changed here.
    return off;
  }
  let current = base;
  return {
    forJob(priority) {
      const wanted = base + JOB_NICE[priority];
      if (wanted === current) return;
      try {
        setPriority(threadId, wanted);
        current = wanted;
      } catch {
        // Refused now though allowed at the probe: keep running at whatever it is.
      }
    },
  };
}
