import { readFileSync } from 'node:fs';
import { assertRgbImage, type RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import { requireModelFile, timeInference } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import type { TableStructure } from '../table-structure-engine.js';
import { decodeSlanet, slanetClasses, tableStructureOf, type SlanetBoxFrame } from './slanet-decode.js';
import { SLANET_INPUT_SIDE, slanetInput } from './slanet-input.js';

/**
 * The table-structure models scripts/models.mjs installs: the ONNX file and its vocabulary. The
 * file loaded is SLANet-plus with its decoder's loop-invariant product computed before the loop
 * (`quantize.py hoist`: the same outputs, a fifth less time).
 */
export const SLANET_MODELS = {
  'slanet-plus': {
    model: 'slanet/slanet-plus.hoisted.onnx',
    vocabulary: 'slanet/slanet-plus.dict.txt',
    frame: 'input',
  },
} as const satisfies Record<string, { model: string; vocabulary: string; frame: SlanetBoxFrame }>;

/** A table-structure model by name (`LAYOUT_TABLE_MODEL`). */
export type SlanetModel = keyof typeof SLANET_MODELS;

/** Options of createSlanetEngine. */
export interface SlanetEngineOptions {
  /** The folder scripts/models.mjs fills. */
  modelsDir: string;
  model: SlanetModel;
  /** ONNX Runtime intra-op threads per inference. */
  threads?: number;
}

/** SLANet on one thread: table crops in, rows of cell boxes out. */
export interface SlanetEngine {
  readonly name: string;
  /** The structure of the table under `box` (page pixels) of `image`; no rows for a box under 2 pixels. */
  recognize(image: RgbImage, box: BBox): Promise<TableStructure>;
  close(): Promise<void>;
}

function requireTableModelFile(modelsDir: string, file: string): string {
  return requireModelFile(modelsDir, file, 'Table', ', set the models folder, or set LAYOUT_TABLE_MODEL=none');
}

/**
 * Loads a SLANet table-structure model and its vocabulary (the model's ONNX metadata `character`,
 * installed beside it as a text file, one token a line; tokens may start with a space). Throws a
 * FAILED_PRECONDITION AppError naming the file when either is missing.
 */
export async function createSlanetEngine(options: SlanetEngineOptions): Promise<SlanetEngine> {
  const files = SLANET_MODELS[options.model];
  const modelPath = requireTableModelFile(options.modelsDir, files.model);
  const vocabularyPath = requireTableModelFile(options.modelsDir, files.vocabulary);
  const vocabulary = readFileSync(vocabularyPath, 'utf8').split('\n');
  if (vocabulary[vocabulary.length - 1] === '') vocabulary.pop();
  const classes = slanetClasses(vocabulary);
  const session = await ort.InferenceSession.create(modelPath, {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // The graph's loop outputs warn of a shape mismatch on every run; errors still surface.
    logSeverityLevel: 3,
  });
  return {
    name: options.model,
    async recognize(image: RgbImage, box: BBox): Promise<TableStructure> {
      assertRgbImage(image);
      const input = slanetInput(image, box);
      if (!input) return { rows: [], complete: true };
      const feeds = {
        [session.inputNames[0]!]: new ort.Tensor('float32', input.tensor, [1, 3, SLANET_INPUT_SIDE, SLANET_INPUT_SIDE]),
      };
      const outputs = await timeInference('slanet-table', () => session.run(feeds));
      try {
        // Two outputs, told apart by their last dimension: the class count, or 4 / 8 box coordinates.
        const tensors = Object.values(outputs);
        const structure = tensors.find((t) => t.dims[2] === classes.length);
        const locations = tensors.find((t) => t !== structure);
        if (structure?.type !== 'float32' || locations?.type !== 'float32') {
          throw new Error(
            `table model outputs [${tensors.map((t) => t.dims.join('x')).join(', ')}] do not fit its ${classes.length} classes`,
          );
        }
        const decoded = decodeSlanet(
          {
            // Both were checked to be float32 just above.
            structure: structure.data as Float32Array,
            locations: locations.data as Float32Array,
            steps: structure.dims[1] ?? 0,
            coordinates: locations.dims[2] ?? 4,
          },
          classes,
          input.crop,
          files.frame,
        );
        return tableStructureOf(decoded.tokens, decoded.boxes, decoded.complete);
      } finally {
        for (const tensor of Object.values(outputs)) tensor.dispose();
      }
    },
    async close(): Promise<void> {
      await session.release();
    },
  };
}
