import type { PageStage } from '../contracts.js';

/** How each page stage's progress reads in the task message, in pipeline order. */
const STAGE_WORDING: readonly { stage: PageStage; text: (done: number, total: number) => string }[] = [
  { stage: 'render', text: (done, total) => `Rendering pages (${done}/${total})` },
  { stage: 'ocr', text: (done, total) => `Running OCR (${done}/${total} pages)` },
  { stage: 'layout', text: (done, total) => `Analyzing layout (${done}/${total} pages)` },
];

/** Pages finished per stage of one run, and the task message that tells them. */
export interface PageProgress {
  /** Notes that a call of `stage` was scheduled: from then on the message shows the stage. */
  begin(stage: PageStage): void;
  /** Counts pages as finished by `stage`; a page counted twice (a report, then the call's result) counts once. */
  done(stage: PageStage, pageIndexes: readonly number[]): void;
  /**
   * The stages that have begun and not finished, each with its pages done of total
   * (`Running OCR (12/40 pages), analyzing layout (8/40 pages)`): page groups overlap, so several
   * stages run at once. Between stages, the last one that began (`Running OCR (N/N pages)` until
   * layout begins); once every page is laid out, `Analyzing layout (N/N pages)`.
   */
  message(): string;
}

/** Progress of the page stages over `pageCount` pages. */
export function createPageProgress(pageCount: number): PageProgress {
  const finished: Record<PageStage, Set<number>> = { render: new Set(), ocr: new Set(), layout: new Set() };
  const begun = new Set<PageStage>(['render']);
  return {
    begin(stage) {
      begun.add(stage);
    },
    done(stage, pageIndexes) {
      for (const pageIndex of pageIndexes) finished[stage].add(pageIndex);
    },
    message() {
      const running = STAGE_WORDING.filter(({ stage }) => begun.has(stage) && finished[stage].size < pageCount);
      if (running.length === 0) {
        // Between stages (or all done): the last stage that began, with its full count.
        const last = STAGE_WORDING.filter(({ stage }) => begun.has(stage)).at(-1)!; // render always began
        return last.text(finished[last.stage].size, pageCount);
      }
      return running
        .map(({ stage, text }, index) => {
          const part = text(finished[stage].size, pageCount);
          return index === 0 ? part : part.charAt(0).toLowerCase() + part.slice(1);
        })
        .join(', ');
    },
  };
}
