import { ACTIVITY_POLICIES, STAGES, STAGE_NAMES, STAGE_PORTS } from '@folio/runtime';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAGES as STACK_STAGES, STAGE_DEFAULT_PORTS } from '../../scripts/lib/stack.mjs';
import { root } from './tools.js';

// The places that name the stages without importing the stage table (`@folio/runtime/stages`):
// each is checked against it here, so adding or changing a row fails until they agree.

/** The cells docs/adding-a-stage.md shows for a stage. */
function docRow(stage: (typeof STAGE_NAMES)[number]): string[] {
  const row = STAGES[stage];
  const activities = Object.entries(row.activities)
    .map(([name, policy]) => `\`${name}\` (${policy})`)
    .join(', ');
  return [
    stage,
    `\`${row.service}\``,
    String(row.grpcPort),
    String(row.metricsPort),
    String(row.callTimeoutSec),
    activities,
  ];
}

/** The table rows of a Markdown page (lines that start with `| `), as trimmed cells; separator rows left out. */
function tableRows(path: string): string[][] {
  return readFileSync(join(root, path), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((cell) => /^-+$/.test(cell)));
}

describe('stage table', () => {
  it('is what docs/adding-a-stage.md shows, row for row', () => {
    const rows = tableRows('docs/adding-a-stage.md').slice(1);
    expect(rows).toEqual(STAGE_NAMES.map(docRow));
  });

  it('is what docs/grpc.md lists: every stage with its service and default address', () => {
    const rows = tableRows('docs/grpc.md').filter((cells) => cells[1]?.endsWith('Service`'));
    expect(rows.map((cells) => cells.slice(0, 3))).toEqual(
      STAGE_NAMES.map((stage) => [stage, `\`${STAGES[stage].service}\``, `\`127.0.0.1:${STAGE_PORTS[stage]}\``]),
    );
  });

  it('is what npm start and the test stacks launch: the same stages on the same default gRPC and metrics ports', () => {
    expect([...STACK_STAGES]).toEqual(STAGE_NAMES);
    expect(STAGE_DEFAULT_PORTS).toEqual(
      Object.fromEntries(
        STAGE_NAMES.map((stage) => [stage, { grpc: STAGES[stage].grpcPort, metrics: STAGES[stage].metricsPort }]),
      ),
    );
  });

  it('names only option sets that exist', () => {
    for (const stage of STAGE_NAMES) {
      for (const policy of Object.values(STAGES[stage].activities))
        expect(Object.keys(ACTIVITY_POLICIES), stage).toContain(policy);
    }
  });
});
