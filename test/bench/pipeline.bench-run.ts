import { describe, it } from 'vitest';
import { createTask, waitForTask } from '../src/api.js';
import { makeReport } from '../src/fixtures.js';
import { sampleMemory } from '../src/memory-sampler.js';

/** Every process of the stack: stage services, worker, gateway and the Temporal dev server. */
const STACK_PROCESSES = /(services\/\w+\/dist\/main\.js|workflows\/dist\/worker\.js|gateway\/dist\/main\.js|temporal server start-dev)/;

interface Case {
  name: string;
  pages: number;
  config: Record<string, unknown>;
}

const CASES: Case[] = [
  { name: 'born-digital, 1 page, ocr Auto', pages: 1, config: { ocr_strategy: 'Auto' } },
  { name: 'born-digital, 20 pages, ocr Auto', pages: 20, config: { ocr_strategy: 'Auto' } },
  { name: 'born-digital, 20 pages, defaults', pages: 20, config: {} },
  { name: 'born-digital, 100 pages, ocr Auto', pages: 100, config: { ocr_strategy: 'Auto' } },
];

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

describe('pipeline benchmark', () => {
  it('prints create-to-Succeeded time, pages per second and peak memory', async () => {
    print('case | pages | create->Succeeded s | pages/s | peak RSS of all processes MiB');
    for (const benchCase of CASES) {
      const pdf = makeReport(benchCase.pages);
      const memory = sampleMemory(STACK_PROCESSES);
      const startedAt = performance.now();
      const created = await createTask(pdf, benchCase.config);
      const task = await waitForTask(created.task_id, 600_000);
      const seconds = (performance.now() - startedAt) / 1000;
      const peakMiB = memory.stop() / 1024 / 1024;
      if (task.status !== 'Succeeded') throw new Error(`${benchCase.name}: ${task.status} ${task.message}`);
      print(`${benchCase.name} | ${benchCase.pages} | ${seconds.toFixed(2)} | ${(benchCase.pages / seconds).toFixed(1)} | ${peakMiB.toFixed(0)}`);
    }
  });
});
