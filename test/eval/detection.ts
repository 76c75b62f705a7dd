// Object-detection scores at one IoU threshold: per-class precision, recall and average precision,
// matched greedily by score the way the COCO and PASCAL VOC evaluations do.
import { iou, type Box } from './geometry.js';

/** A predicted box with its class and the detector's confidence. */
export interface Detection {
  box: Box;
  label: string;
  score: number;
}

/** A reference box with its class. */
export interface Reference {
  box: Box;
  label: string;
}

/**
 * One page's boxes. `ignored` are reference regions that count neither way (OmniDocBench
 * `abandon` and unmapped categories): a prediction that covers one and matches nothing else is
 * neither a true nor a false positive.
 */
export interface DetectionPage {
  predictions: Detection[];
  references: Reference[];
  ignored: Box[];
}

/** Scores of one class over a set of pages; ratios are null where their denominator is 0. */
export interface ClassScores {
  references: number;
  predictions: number;
  truePositives: number;
  precision: number | null;
  recall: number | null;
  averagePrecision: number | null;
}

/** One ranked prediction after matching. */
interface Ranked {
  score: number;
  outcome: 'tp' | 'fp' | 'ignored';
}

/**
 * Matches one class's predictions (all pages together, highest score first) to the still
 * unmatched reference of that class with the highest IoU on the same page, if at least `threshold`.
 */
function rankPredictions(pages: readonly DetectionPage[], label: string, threshold: number): Ranked[] {
  const candidates = pages.flatMap((page, pageIndex) =>
    page.predictions
      .filter((prediction) => prediction.label === label)
      .map((prediction) => ({ prediction, pageIndex })),
  );
  candidates.sort((a, b) => b.prediction.score - a.prediction.score);
  const taken = pages.map((page) => page.references.map(() => false));
  return candidates.map(({ prediction, pageIndex }) => {
    const page = pages[pageIndex]!;
    let best = -1;
    let bestIou = threshold;
    page.references.forEach((reference, index) => {
      if (reference.label !== label || taken[pageIndex]![index]) return;
      const overlap = iou(prediction.box, reference.box);
      if (overlap >= bestIou) {
        best = index;
        bestIou = overlap;
      }
    });
    if (best >= 0) {
      taken[pageIndex]![best] = true;
      return { score: prediction.score, outcome: 'tp' };
    }
    const coversIgnored = page.ignored.some((box) => iou(prediction.box, box) >= threshold);
    return { score: prediction.score, outcome: coversIgnored ? 'ignored' : 'fp' };
  });
}

/**
 * Average precision as COCO computes it: precision made monotone (each point takes the best
 * precision at any higher recall), then sampled at the 101 recall levels 0, 0.01, ..., 1 and
 * averaged; a level above the highest recall reached scores 0.
 * (Lin et al., "Microsoft COCO", 2014; pycocotools COCOeval.accumulate.)
 */
export function averagePrecision(outcomes: readonly boolean[], referenceCount: number): number {
  if (referenceCount === 0) return 0;
  const recall: number[] = [];
  const precision: number[] = [];
  let tp = 0;
  outcomes.forEach((isTruePositive, index) => {
    if (isTruePositive) tp++;
    recall.push(tp / referenceCount);
    precision.push(tp / (index + 1));
  });
  for (let index = precision.length - 2; index >= 0; index--)
    precision[index] = Math.max(precision[index]!, precision[index + 1]!);
  let sum = 0;
  for (let level = 0; level <= 100; level++) {
    const target = level / 100;
    const at = recall.findIndex((value) => value >= target - 1e-12);
    sum += at >= 0 ? precision[at]! : 0;
  }
  return sum / 101;
}

/** Precision, recall and AP of one class over all pages, at IoU `threshold`. */
export function scoreClass(pages: readonly DetectionPage[], label: string, threshold = 0.5): ClassScores {
  const ranked = rankPredictions(pages, label, threshold).filter((item) => item.outcome !== 'ignored');
  const references = pages.reduce(
    (sum, page) => sum + page.references.filter((reference) => reference.label === label).length,
    0,
  );
  const truePositives = ranked.filter((item) => item.outcome === 'tp').length;
  return {
    references,
    predictions: ranked.length,
    truePositives,
    precision: ranked.length > 0 ? truePositives / ranked.length : null,
    recall: references > 0 ? truePositives / references : null,
    averagePrecision:
      references > 0
        ? averagePrecision(
            ranked.map((item) => item.outcome === 'tp'),
            references,
          )
        : null,
  };
}

/** Per-class scores and their mean AP over the classes that have at least one reference. */
export function scoreDetections(
  pages: readonly DetectionPage[],
  labels: readonly string[],
  threshold = 0.5,
): { classes: Record<string, ClassScores>; meanAveragePrecision: number | null } {
  const classes: Record<string, ClassScores> = {};
  for (const label of labels) classes[label] = scoreClass(pages, label, threshold);
  const aps = Object.values(classes).flatMap((scores) =>
    scores.averagePrecision === null ? [] : [scores.averagePrecision],
  );
  return { classes, meanAveragePrecision: aps.length > 0 ? aps.reduce((a, b) => a + b, 0) / aps.length : null };
}

/**
 * One-to-one matching of boxes regardless of class: of all pairs with IoU at or above `threshold`,
 * the pair of highest IoU is matched first, then the next among boxes still free, and so on.
 * Returns, for each `a` box, the index of its `b` box or -1.
 */
export function matchBoxes(a: readonly Box[], b: readonly Box[], threshold = 0.5): number[] {
  const pairs: { i: number; j: number; overlap: number }[] = [];
  a.forEach((boxA, i) =>
    b.forEach((boxB, j) => {
      const overlap = iou(boxA, boxB);
      if (overlap >= threshold) pairs.push({ i, j, overlap });
    }),
  );
  pairs.sort((x, y) => y.overlap - x.overlap);
  const matchOfA = a.map(() => -1);
  const takenB = b.map(() => false);
  for (const { i, j } of pairs) {
    if (matchOfA[i] !== -1 || takenB[j]) continue;
    matchOfA[i] = j;
    takenB[j] = true;
  }
  return matchOfA;
}

/** Where the references of one class went: predicted class (or `missed`) -> count. */
export type Confusion = Record<string, Record<string, number>>;

/** The label of the box among `others` that overlaps `box` most at IoU >= threshold, else `fallback`. */
function bestOverlapLabel(
  box: Box,
  others: readonly { box: Box; label: string }[],
  threshold: number,
  fallback: string,
): string {
  let bestLabel = fallback;
  let bestIou = threshold;
  for (const other of others) {
    const overlap = iou(other.box, box);
    if (overlap >= bestIou) {
      bestLabel = other.label;
      bestIou = overlap;
    }
  }
  return bestLabel;
}

function count(counts: Confusion, label: string, went: string): void {
  const row = (counts[label] ??= {});
  row[went] = (row[went] ?? 0) + 1;
}

/**
 * For each reference, the class of the prediction that overlaps it most, if that IoU reaches
 * `threshold`, else `missed`; counted per reference class. Shows which errors are wrong types
 * (a caption detected as Text) and which are wrong or missing boxes.
 */
export function confusion(pages: readonly DetectionPage[], threshold = 0.5): Confusion {
  const counts: Confusion = {};
  for (const page of pages) {
    for (const reference of page.references)
      count(counts, reference.label, bestOverlapLabel(reference.box, page.predictions, threshold, 'missed'));
  }
  return counts;
}

/**
 * The other way round: where each predicted class's boxes went (the most overlapping reference's
 * class at IoU >= threshold, `ignored` over an ignored region, else `unmatched`), to read false positives.
 */
export function predictionConfusion(pages: readonly DetectionPage[], threshold = 0.5): Confusion {
  const counts: Confusion = {};
  for (const page of pages) {
    for (const prediction of page.predictions) {
      const overIgnored = page.ignored.some((box) => iou(prediction.box, box) >= threshold);
      const went = bestOverlapLabel(prediction.box, page.references, threshold, overIgnored ? 'ignored' : 'unmatched');
      count(counts, prediction.label, went);
    }
  }
  return counts;
}
