import { Context } from '@temporalio/activity';
import type { Activities } from '../activities/index.js';
import { announceStart } from '../activities/start-signal.js';
import type { TaskSignaller } from '../activities/types.js';
import { storageKeys } from '../contracts.js';

/** A promise a test opens when it wants a blocked fake activity to go on. */
export class Gate {
  readonly opened: Promise<void>;
  open!: () => void; // assigned in the constructor's promise executor

  constructor() {
    this.opened = new Promise((resolve) => {
      this.open = resolve;
    });
  }
}

/**
 * Waits inside an activity until the gate opens or the activity is cancelled, heartbeating so
 * that cancellation reaches it.
 */
export async function blockOn(gate: Gate): Promise<void> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(), 100);
  try {
    await Promise.race([gate.opened, context.cancelled]);
  } finally {
    clearInterval(timer);
  }
}

/** One call of a fake activity. `started` and `ended` are positions in one sequence shared by every call. */
export interface ActivityCall {
  name: keyof Activities;
  input: unknown;
  started: number;
  /** Null while the call runs. */
  ended: number | null;
}

/** Happy-path fakes of every activity (3 pages), with per-test overrides, recording each call. */
export function createFakeActivities(
  signaller: TaskSignaller,
  overrides: Partial<Activities> = {},
): { activities: Activities; calls: ActivityCall[] } {
  const defaults: Activities = {
    async fetchInput(input) {
      await announceStart(signaller, input.startNotice);
      const fileName = input.fileName || `${input.taskId}.pdf`;
      return {
        inputKey: storageKeys.input(input.taskId, fileName),
        mimeType: 'application/pdf',
        fileName,
        byteSize: 100,
      };
    },
    async prepareDocument(input) {
      await announceStart(signaller, input.startNotice);
      return { pdf: { key: storageKeys.pdf(input.taskId), sha256: '', byteSize: 10 }, pageCount: 3 };
    },
    renderPages: (input) => Promise.resolve({ renderedCount: input.pageIndexes.length }),
    placeSheetSegments: (input) => Promise.resolve({ segmentCount: input.sheetPages.length }),
    recognizeText: () => Promise.resolve({ wordCount: 10 }),
    readFormulas: (input) =>
      Promise.resolve({ formulaCount: input.pageIndexes.length, readCount: input.pageIndexes.length }),
    analyzeLayout: () => Promise.resolve({ segmentCount: 4, formulaPageIndexes: [] }),
    markRunningLines: () => Promise.resolve({ markedCount: 0 }),
    cropSegments: (input) => Promise.resolve({ extrasKey: `${input.run.runPrefix}extras.json`, cropCount: 1 }),
    listModels: () => Promise.resolve({ modelIds: [] }),
    generateSegments: (input) =>
      Promise.resolve({
        extrasKey: `${input.run.runPrefix}extras-llm.json`,
        answeredCount: 1,
        failures: [],
        failedCount: 0,
      }),
    chunkDocument: (input) => Promise.resolve({ outputKey: `${input.run.runPrefix}output.json`, chunkCount: 2 }),
    extractData: (input) =>
      Promise.resolve({ kind: 'extracted', extractionKey: `${input.run.runPrefix}extraction.json` }),
    deleteArtifacts: () => Promise.resolve({ deletedCount: 1 }),
    deleteIndexKeys: (input) => Promise.resolve({ deletedCount: input.keys.length }),
    // No per-owner limit unless a test passes the real admission activities.
    requestAdmission: () => Promise.resolve({ admitted: true }),
    activeRuns: (input) => Promise.resolve(input.slots),
    // No monthly page quota unless a test passes the real quota activities.
    chargePages: () => Promise.resolve({ kind: 'charged' }),
    deliverWebhook: () => Promise.resolve({ statusCode: 204, byteSize: 0 }),
  };
  const merged: Activities = { ...defaults, ...overrides };
  const calls: ActivityCall[] = [];
  let position = 0;
  const recorded = Object.fromEntries(
    Object.entries(merged).map(([name, fn]: [string, (input: unknown) => Promise<unknown>]) => [
      name,
      async (input: unknown) => {
        const call: ActivityCall = { name: name as keyof Activities, input, started: position++, ended: null }; // keys come from Activities
        calls.push(call);
        try {
          return await fn(input);
        } finally {
          call.ended = position++;
        }
      },
    ]),
  ) as unknown as Activities; // same keys and signatures as `merged`
  return { activities: recorded, calls };
}
