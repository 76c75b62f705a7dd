import { mapLimit } from '@folio/runtime';
// The ICDAR 2013 table set: born-digital PDFs (OCR only where the text layer falls short), table
// regions and structure against the competition ground truth.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoreClass, type ClassScores } from './detection.js';
import { openForDrawing, type DrawnBox } from './draw.js';
import { fromApiBox } from './geometry.js';
import { loadIcdarSet } from './icdar.js';
import { scoreIcdarDocument, type TableScore } from './score.js';
import { runTask, taskConfig, type EvalOptions } from './tasks.js';

export interface IcdarDocumentReport {
  name: string;
  taskId: string | null;
  status: string;
  message: string;
  seconds: number;
  pages: number;
  tableSegments: number;
  tables: TableScore[];
}

export interface IcdarSetReport {
  documents: IcdarDocumentReport[];
  detection: ClassScores;
  /** Mean TEDS over the reference tables a Table segment matched. */
  meanTeds: number | null;
  meanTedsStructure: number | null;
  /** Mean TEDS over every reference table, a missed one scoring 0. */
  meanTedsAllTables: number | null;
}

function mean(values: readonly number[]): number | null {
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** Runs every document (or the first `limit`) through the service and scores its tables. */
export async function evaluateIcdar(options: EvalOptions, log: (line: string) => void): Promise<IcdarSetReport> {
  const documents = loadIcdarSet(join(options.corpus, 'icdar2013-tables')).slice(0, options.limit ?? undefined);
  if (options.draw) mkdirSync(join(options.draw, 'icdar'), { recursive: true });
  const scored = await mapLimit(documents, options.concurrency, async (document) => {
    const pdf = readFileSync(document.pdfPath);
    const outcome = await runTask(
      pdf,
      'application/pdf',
      taskConfig('Auto', options.highResolution, `${document.name}.pdf`),
      900_000,
    );
    const drawer = openForDrawing(pdf, 'application/pdf');
    try {
      const score = scoreIcdarDocument(document, outcome.segments, drawer);
      log(
        `icdar ${document.name}: ${outcome.status} in ${outcome.seconds.toFixed(1)} s, ${outcome.segments.length} segments`,
      );
      if (options.draw && outcome.segments.length > 0) {
        for (let pageIndex = 0; pageIndex < drawer.pageWidthsPt.length; pageIndex++) {
          const boxes: DrawnBox[] = [
            ...score.tables
              .filter((table) => table.pageNumber === pageIndex + 1)
              .map((table) => ({
                box: table.box,
                label: `table ${table.tableId}/${table.regionId} TEDS ${table.teds === null ? 'missed' : table.teds.toFixed(2)}`,
                kind: 'reference' as const,
              })),
            ...outcome.segments.flatMap((segment, index) =>
              segment.page_number === pageIndex + 1
                ? [
                    {
                      box: fromApiBox(segment.bbox),
                      label: `${index} ${segment.segment_type}`,
                      kind: 'prediction' as const,
                    },
                  ]
                : [],
            ),
          ];
          const widthPx = drawer.pageWidthsPt[pageIndex]! * score.pixelsPerPoint[pageIndex]!;
          writeFileSync(
            join(options.draw, 'icdar', `${document.name}-p${pageIndex + 1}.png`),
            drawer.draw(pageIndex, widthPx, boxes),
          );
        }
      }
      const report: IcdarDocumentReport = {
        name: document.name,
        taskId: outcome.taskId,
        status: outcome.status,
        message: outcome.message,
        seconds: outcome.seconds,
        pages: drawer.pageWidthsPt.length,
        tableSegments: outcome.segments.filter((segment) => segment.segment_type === 'Table').length,
        tables: score.tables,
      };
      return { report, detection: score.detection };
    } finally {
      drawer.close();
    }
  });
  const tables = scored.flatMap((item) => item.report.tables);
  const matched = tables.filter((table) => table.teds !== null);
  return {
    documents: scored.map((item) => item.report),
    detection: scoreClass(
      scored.flatMap((item) => item.detection),
      'Table',
    ),
    meanTeds: mean(matched.map((table) => table.teds!)), // filtered to non-null above
    meanTedsStructure: mean(matched.map((table) => table.tedsStructure!)),
    meanTedsAllTables: mean(tables.map((table) => table.teds ?? 0)),
  };
}
