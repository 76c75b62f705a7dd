// The machine yardstick: two fixed pieces of the pipeline's heaviest work, timed outside the stack,
// and the CPU's model and vector extensions. Bench figures from two machines compare as ratios of
// these (pages/s on A vs B next to ms per inference on A vs B), not as absolute numbers.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import * as mupdf from 'mupdf';
import * as ort from 'onnxruntime-node';

/** The CPU extensions the ONNX Runtime int8 and float kernels pick between, best first. */
const CPU_FLAGS = ['avx512_vnni', 'avx_vnni', 'avx2'] as const;

/** What the yardstick measured. */
export interface Yardstick {
  /** Median ms of one 1x3x1024x1024 layout-model inference, one intra-op thread. */
  layoutInferenceMs: number;
  /** Median ms to open the PDF, load page 1 and rasterize it at scale 2 (RGB, no alpha). */
  renderPageMs: number;
  cpuModel: string;
  cpuFlags: Record<(typeof CPU_FLAGS)[number], boolean>;
}

/** Where the yardstick's inputs are. */
export interface YardstickInputs {
  /** The float32 DocLayNet detector (models/doclaynet/yolov8n-doclaynet.onnx). */
  layoutModelPath: string;
  /** The PDF whose first page is rendered. */
  renderPdfPath: string;
}

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `work` once to warm up, then RUNS times, and returns the median wall time in ms. */
async function medianMs(work: () => unknown): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const startedAt = performance.now();
    await work();
    times.push(performance.now() - startedAt);
  }
  return median(times);
}

/** The layout stage's model call as the service makes it (doclaynet-engine.ts), on a constant grey input. */
async function layoutInferenceMs(modelPath: string): Promise<number> {
  const session = await ort.InferenceSession.create(modelPath, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  try {
    const side = 1024;
    const input = new ort.Tensor('float32', new Float32Array(3 * side * side).fill(0.5), [1, 3, side, side]);
    // inputNames[0]: the detector has one input ('images').
    const feeds = { [session.inputNames[0]!]: input };
    return await medianMs(() => session.run(feeds));
  } finally {
    await session.release();
  }
}

/** The render stage's page raster (mupdf-ops.ts: scale 2, DeviceRGB, no alpha), document opened each time. */
function renderPageMs(pdfPath: string): Promise<number> {
  const bytes = readFileSync(pdfPath);
  return medianMs(() => {
    const document = mupdf.Document.openDocument(bytes, 'application/pdf');
    try {
      const page = document.loadPage(0);
      page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false, true).destroy();
      page.destroy();
    } finally {
      document.destroy();
    }
  });
}

function readCpuInfo(): Pick<Yardstick, 'cpuModel' | 'cpuFlags'> {
  const cpuInfo = readFileSync('/proc/cpuinfo', 'utf8');
  const field = (name: string): string => new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm').exec(cpuInfo)?.[1]?.trim() ?? '';
  const flags = new Set(field('flags').split(/\s+/));
  return {
    cpuModel: field('model name') || 'unknown',
    cpuFlags: Object.fromEntries(CPU_FLAGS.map((flag) => [flag, flags.has(flag)])) as Yardstick['cpuFlags'], // one entry per CPU_FLAGS member
  };
}

/** Measures the yardstick; takes a few seconds (6 inferences, 6 renders), so run it on an idle stack. */
export async function measureYardstick(inputs: YardstickInputs): Promise<Yardstick> {
  return {
    layoutInferenceMs: await layoutInferenceMs(inputs.layoutModelPath),
    renderPageMs: await renderPageMs(inputs.renderPdfPath),
    ...readCpuInfo(),
  };
}

/** The yardstick as printed lines. */
export function formatYardstick(yardstick: Yardstick, inputs: YardstickInputs): string[] {
  const flags = CPU_FLAGS.map((flag) => `${flag} ${yardstick.cpuFlags[flag] ? 'yes' : 'no'}`).join(', ');
  return [
    `yardstick: layout model ${yardstick.layoutInferenceMs.toFixed(1)} ms per 1x3x1024x1024 inference (${basename(inputs.layoutModelPath)}, 1 thread, median of ${RUNS})`,
    `yardstick: MuPDF ${yardstick.renderPageMs.toFixed(1)} ms per page render (${basename(inputs.renderPdfPath)} page 1, scale 2, median of ${RUNS})`,
    `yardstick: cpu ${yardstick.cpuModel}; ${flags}`,
  ];
}
