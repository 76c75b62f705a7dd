import { ObjectNotFoundError, mapLimit, type ObjectStore } from '@folio/runtime';
import { RenderedPage } from '@folio/proto/render/v1';
import { storageKeys, type TaskState } from '@folio/workflows/contracts';

/** One rendered page as the current API's `output.pages` lists it (the SDK's `Page`). */
export interface ApiPage {
  page_number: number;
  /** Pixels of the page image, the unit of every segment box. */
  page_width: number;
  page_height: number;
  /** Presigned URL of the page image. */
  image: string;
  dpi: number;
  /** The sheet the page shows, for a spreadsheet read from its cells (one page per sheet). */
  ss_sheet_name?: string | null;
}

/** PDF points per inch: a page rendered at scale 1 is 72 dpi. */
const POINTS_PER_INCH = 72;
const READ_CONCURRENCY = 16;

/** The run number of a run prefix (`tasks/<id>/runs/<n>/`), or null. */
function runNumber(runsPrefix: string, prefix: string): number | null {
  const match = /^(\d+)\/$/.exec(prefix.slice(runsPrefix.length));
  return match ? Number(match[1]) : null;
}

/**
 * The pages a succeeded task's output was made from. A run that changed only later steps reuses
 * the pages of an earlier run (`workflows/src/workflows/rerun-plan.ts`), and a successful run
 * deletes every run prefix its results no longer read, so the pages are those of the latest run,
 * up to the one that wrote the output, that has render manifests.
 */
export async function pagesRunPrefix(store: ObjectStore, state: TaskState): Promise<string | null> {
  if (state.outputKey === null) return null;
  const runsPrefix = storageKeys.runsPrefix(state.taskId);
  const outputRun = runNumber(runsPrefix, state.outputKey.slice(0, state.outputKey.lastIndexOf('/') + 1));
  const keys = new Set(await store.list(runsPrefix));
  const candidates = [...new Set([...keys].map((key) => key.slice(0, key.indexOf('/', runsPrefix.length) + 1)))]
    .filter((prefix) => {
      const run = runNumber(runsPrefix, prefix);
      return (
        run !== null && (outputRun === null || run <= outputRun) && keys.has(storageKeys.renderManifest(prefix, 0))
      );
    })
    .sort((a, b) => (runNumber(runsPrefix, b) ?? 0) - (runNumber(runsPrefix, a) ?? 0));
  return candidates[0] ?? null;
}

/** The page `pageIndex` of the run at `prefix` (pagesRunPrefix), or null when its manifest or image is gone. */
export async function readRenderedPage(
  store: ObjectStore,
  prefix: string,
  pageIndex: number,
): Promise<{ width: number; height: number; scale: number; image: { key: string } } | null> {
  let rendered: RenderedPage;
  try {
    rendered = RenderedPage.fromJSON(
      JSON.parse((await store.get(storageKeys.renderManifest(prefix, pageIndex))).toString('utf8')),
    );
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return null;
    throw error;
  }
  const page = rendered.page;
  return page?.image ? { width: page.width, height: page.height, scale: page.scale, image: page.image } : null;
}

/**
 * Reads the rendered pages of a succeeded task from its render manifests, each image presigned.
 * Pages whose manifest is gone are left out; a task without pages (not succeeded) gets `[]`.
 */
export async function readTaskPages(
  store: ObjectStore,
  state: TaskState,
  presignExpiresSec: number,
): Promise<ApiPage[]> {
  const prefix = state.status === 'Succeeded' ? await pagesRunPrefix(store, state) : null;
  if (prefix === null || state.pageCount === null) return [];
  const indexes = Array.from({ length: state.pageCount }, (_, pageIndex) => pageIndex);
  const pages = await mapLimit(indexes, READ_CONCURRENCY, async (pageIndex): Promise<ApiPage | null> => {
    const page = await readRenderedPage(store, prefix, pageIndex);
    if (page === null) return null;
    return {
      page_number: pageIndex + 1,
      page_width: page.width,
      page_height: page.height,
      image: await store.presignGet(page.image.key, { expiresInSec: presignExpiresSec }),
      dpi: Math.round(POINTS_PER_INCH * (page.scale || 1) * 100) / 100,
    };
  });
  return pages.filter((page): page is ApiPage => page !== null);
}
