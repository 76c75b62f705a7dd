"""Derived copies of the published models: the layout detector with an input of any size, the table
model with its decoder's loop-invariant product computed once, and int8 copies of the layout detector
and of the text recognizer (QDQ, per-channel weights), for CPUs with VNNI.

  open       the layout detector cut after its head's last convolutions (the six per-level
             box-distribution and class logits; DFL, anchors and sigmoid are decoded in
             yolo-decode.ts), with the input's height and width left free: the published export bakes
             the 1024 x 1024 anchor grid into constants, so a page could only be letterboxed into a
             square. Pure graph surgery, no weights change.
  hoist      SLANet-plus (`table`) with the attention's projection of the encoder features (a MatMul
             of the [1, 256, 96] features by a [96, 256] weight) computed once before the decoder's
             Loop rather than in its body at every step, where the export had put it (the 151 ICDAR
             2013 table regions, 138 steps each on average: 82.8 -> 65.6 ms a table on one VNNI
             core). The body reads the product from the outer scope; every output is the same to
             the last bit.

The int8 copies take two more steps, both with onnxruntime's own quantization tool:

  calibrate  run the float model over calibration inputs, record the range of every activation
             (moving average of per-input min/max) into a JSON calibration cache. Done once by a
             developer; the cache is committed (scripts/quantize/<model>.ranges.json).
  quantize   rebuild the int8 model from the float model and the committed cache, with no inputs.
             scripts/models.mjs runs this on every machine, so the result follows from pinned
             inputs alone.

  python3 scripts/quantize/quantize.py open layout --float F --out OUT
  python3 scripts/quantize/quantize.py hoist table --float F --out OUT
  python3 scripts/quantize/quantize.py calibrate MODEL --float F --cache OUT PDF...   (needs pymupdf)
  python3 scripts/quantize/quantize.py quantize MODEL --float F --cache C --out OUT

MODEL is `layout` (YOLOv8n DocLayNet: calibrated on the first page of each PDF, letterboxed as
letterbox.ts does) or `recognizer` (PP-OCRv6 small recognition: calibrated on the text lines of the
first page of each PDF, rendered at scale 2 and cropped from the PDF's own line boxes, 48 pixels
high as line-crops.ts makes them). The committed caches came from the ICDAR 2013 PDFs of the
evaluation corpus (not the OmniDocBench pages on which layout and text are scored):
  layout:      all 67, sorted by path
  recognizer:  the first 40 sorted by path, 300 lines
e.g. python3 scripts/quantize/quantize.py calibrate layout --float models/doclaynet/yolov8n-doclaynet.onnx \\
       --cache scripts/quantize/layout.ranges.json $(ls ../shared/corpus/icdar2013-tables/*/*.pdf | sort)
"""

import argparse
import os
import sys
import tempfile

import numpy as np
import onnx
from onnx import helper, utils, version_converter
from onnxruntime.quantization import CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType, quantize_static
from onnxruntime.quantization.shape_inference import quant_pre_process

LAYOUT_SIZE = 1024
LAYOUT_PAD = 114 / 255
LINE_HEIGHT = 48
RECOGNIZER_LINES = 300


def layout_excluded(model):
    """Nodes kept in float: the stem convolution (raw pixels), and the detection head's last
    convolutions (cv2.*.2 box-distribution logits, cv3.*.2 class logits, which the service decodes
    in float; in the published export also DFL, sigmoid and the concat of box coordinates 0..1024
    with class scores 0..1, which one int8 scale cannot hold: quantizing them made the detector miss
    most regions). The head's inner convolutions (cv2.*.0, cv2.*.1, cv3.*.0, cv3.*.1) are
    quantized like the backbone.
    """
    names = []
    for node in model.graph.node:
        parts = node.name.split('/')
        if node.name.startswith('/model.0/'):
            names.append(node.name)
        elif node.name.startswith('/model.22/'):
            inner = len(parts) > 3 and parts[2].startswith('cv') and not parts[3].endswith('.2')
            if not inner:
                names.append(node.name)
    return names


def bilinear(rgb, out_w, out_h):
    """Bilinear resampling on pixel centres (cv2.INTER_LINEAR), as letterbox.ts and line-crops.ts do."""
    height, width, _ = rgb.shape
    fx = np.clip((np.arange(out_w) + 0.5) * width / out_w - 0.5, 0, width - 1)
    fy = np.clip((np.arange(out_h) + 0.5) * height / out_h - 0.5, 0, height - 1)
    x0, y0 = np.floor(fx).astype(int), np.floor(fy).astype(int)
    x1, y1 = np.minimum(x0 + 1, width - 1), np.minimum(y0 + 1, height - 1)
    wx, wy = (fx - x0)[None, :, None], (fy - y0)[:, None, None]
    image = rgb.astype(np.float32)
    top = image[y0][:, x0] + (image[y0][:, x1] - image[y0][:, x0]) * wx
    bottom = image[y1][:, x0] + (image[y1][:, x1] - image[y1][:, x0]) * wx
    return top + (bottom - top) * wy


def rendered(page, scale):
    import pymupdf

    pixmap = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale))
    return np.frombuffer(pixmap.samples, dtype=np.uint8).reshape(pixmap.height, pixmap.width, pixmap.n)[:, :, :3]


def layout_inputs(pdfs):
    """The first page of each PDF at 72 dpi, letterboxed to 1024 x 1024 (RGB 0..1, grey pad)."""
    import pymupdf

    for path in pdfs:
        rgb = rendered(pymupdf.open(path)[0], 1)
        height, width, _ = rgb.shape
        scale = min(LAYOUT_SIZE / width, LAYOUT_SIZE / height)
        out_w, out_h = round(width * scale), round(height * scale)
        tensor = np.full((LAYOUT_SIZE, LAYOUT_SIZE, 3), LAYOUT_PAD, dtype=np.float32)
        pad_x = max(0, round((LAYOUT_SIZE - out_w) / 2 - 0.1))
        pad_y = max(0, round((LAYOUT_SIZE - out_h) / 2 - 0.1))
        tensor[pad_y : pad_y + out_h, pad_x : pad_x + out_w] = bilinear(rgb, out_w, out_h) / 255
        yield tensor.transpose(2, 0, 1)[None]


def recognizer_inputs(pdfs):
    """Text lines of the first page of each PDF (rendered at scale 2, cropped from the PDF's line
    boxes with 3 pixels of margin), 48 pixels high, BGR, (v/255 - 0.5)/0.5; RECOGNIZER_LINES in all."""
    import pymupdf

    count = 0
    for path in pdfs:
        page = pymupdf.open(path)[0]
        rgb = rendered(page, 2)
        for block in page.get_text('dict')['blocks']:
            for line in block.get('lines', []):
                if len(''.join(span['text'] for span in line['spans']).strip()) < 3:
                    continue
                x0, y0, x1, y1 = (int(round(v * 2)) for v in line['bbox'])
                crop = rgb[max(0, y0 - 3) : y1 + 3, max(0, x0 - 3) : x1 + 3]
                if crop.shape[0] < 8 or crop.shape[1] < 8:
                    continue
                width = max(8, round(crop.shape[1] * LINE_HEIGHT / crop.shape[0]))
                bgr = bilinear(crop, width, LINE_HEIGHT)[:, :, ::-1]
                yield ((bgr / 255 - 0.5) / 0.5).transpose(2, 0, 1)[None].astype(np.float32)
                count += 1
                if count >= RECOGNIZER_LINES:
                    return


MODELS = {
    'layout': {'inputs': layout_inputs, 'excluded': layout_excluded},
    'recognizer': {'inputs': recognizer_inputs, 'excluded': lambda model: []},
}


def prepared(model_path, workdir):
    """The float model at opset 17 (per-channel QDQ needs >= 13), shape-inferred and folded."""
    upgraded = os.path.join(workdir, 'opset17.onnx')
    onnx.save(version_converter.convert_version(onnx.load(model_path), 17), upgraded)
    result = os.path.join(workdir, 'prepared.onnx')
    quant_pre_process(upgraded, result, skip_symbolic_shape=True)
    return result


LAYOUT_HEAD_OUTPUTS = [
    f'/model.22/{branch}.{level}/{branch}.{level}.2/Conv_output_0' for level in range(3) for branch in ('cv2', 'cv3')
]


def open_layout(float_path, out):
    """The layout detector up to its raw head outputs, input and outputs with free height and width."""
    model = utils.Extractor(onnx.load(float_path)).extract_model(['images'], LAYOUT_HEAD_OUTPUTS)
    dims = model.graph.input[0].type.tensor_type.shape.dim
    dims[2].dim_param, dims[3].dim_param = 'height', 'width'
    for output in model.graph.output:
        dims = output.type.tensor_type.shape.dim
        dims[2].dim_param, dims[3].dim_param = 'grid_height', 'grid_width'
    # Shapes inferred for 1024 x 1024 would contradict the free input; onnxruntime infers its own.
    del model.graph.value_info[:]
    onnx.save(model, out)


def copies(nodes):
    """Detached copies of graph nodes: clearing a repeated field empties the messages it held."""
    return [onnx.NodeProto.FromString(node.SerializeToString()) for node in nodes]


def hoist_table(float_path, out):
    """SLANet with the one MatMul of its decoder body whose inputs never change computed before the
    loop (see `hoist` above). Refuses a graph that does not have exactly one such MatMul."""
    model = onnx.load(float_path)
    graph = model.graph
    loops = [node for node in graph.node if node.op_type == 'Loop']
    if len(loops) != 1:
        raise SystemExit(f'{float_path}: expected one decoder Loop, found {len(loops)}')
    loop = loops[0]
    body = next(attribute.g for attribute in loop.attribute if attribute.name == 'body')
    # Loop inputs: trip count, condition, then the carried values, which the body sees as its inputs
    # from the third on and returns as its outputs from the second on. One it returns under its own
    # name is passed through unchanged: the same at every step.
    outer_of = {body.input[2 + k].name: loop.input[2 + k] for k in range(len(body.input) - 2)}
    unchanged = set(outer_of) & {output.name for output in body.output}
    invariant = [node for node in body.node if node.op_type == 'MatMul' and all(i in unchanged for i in node.input)]
    if len(invariant) != 1:
        raise SystemExit(f'{float_path}: expected one loop-invariant MatMul in the decoder, found {len(invariant)}')
    matmul = invariant[0]
    product = f'{matmul.output[0]}.before_loop'
    before = helper.make_node('MatMul', [outer_of[i] for i in matmul.input], [product], name=f'{matmul.name}.before_loop')
    kept = copies(node for node in body.node if node.output[0] != matmul.output[0])
    for node in kept:
        for index, name in enumerate(node.input):
            if name == matmul.output[0]:
                node.input[index] = product
    del body.node[:]
    body.node.extend(kept)
    nodes = copies(graph.node)
    at = next(index for index, node in enumerate(nodes) if node.op_type == 'Loop')
    del graph.node[:]
    graph.node.extend(nodes[:at] + [before] + nodes[at:])
    onnx.checker.check_model(model)
    onnx.save(model, out)


class Inputs(CalibrationDataReader):
    def __init__(self, input_name, tensors):
        self.input_name = input_name
        self.tensors = tensors

    def get_next(self):
        tensor = next(self.tensors, None)
        return None if tensor is None else {self.input_name: tensor}


def quantize(kind, float_path, cache, out, pdfs=None):
    spec = MODELS[kind]
    with tempfile.TemporaryDirectory(prefix='folio-quantize.') as workdir:
        model = prepared(float_path, workdir)
        loaded = onnx.load(model)
        quantize_static(
            model,
            out,
            Inputs(loaded.graph.input[0].name, spec['inputs'](pdfs)) if pdfs else None,
            quant_format=QuantFormat.QDQ,
            per_channel=True,
            activation_type=QuantType.QUInt8,
            weight_type=QuantType.QInt8,
            calibrate_method=CalibrationMethod.MinMax,
            nodes_to_exclude=spec['excluded'](loaded),
            calibration_cache_path=cache,
            extra_options={'CalibMovingAverage': True},
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('step', choices=['open', 'hoist', 'calibrate', 'quantize'])
    parser.add_argument('model', choices=sorted([*MODELS, 'table']))
    parser.add_argument('--float', dest='float_path', required=True, help='the float32 ONNX model')
    parser.add_argument('--cache', help='calibration cache (JSON): written by calibrate, read by quantize')
    parser.add_argument('--out', help='int8 model to write')
    parser.add_argument('pdfs', nargs='*', help='calibration PDFs (calibrate only)')
    args = parser.parse_intermixed_args()
    if args.step == 'open':
        if args.model != 'layout' or not args.out:
            parser.error('open takes the layout model and --out')
        open_layout(args.float_path, args.out)
    elif args.step == 'hoist':
        if args.model != 'table' or not args.out:
            parser.error('hoist takes the table model and --out')
        hoist_table(args.float_path, args.out)
    elif args.model not in MODELS:
        parser.error(f'{args.step} takes the layout or the recognizer model')
    elif args.step == 'calibrate':
        if not args.pdfs or not args.cache:
            parser.error('calibrate needs --cache and PDFs')
        if os.path.exists(args.cache):
            os.remove(args.cache)
        with tempfile.TemporaryDirectory(prefix='folio-calibrate.') as workdir:
            quantize(args.model, args.float_path, args.cache, args.out or os.path.join(workdir, 'int8.onnx'), args.pdfs)
        os.chmod(args.cache, 0o644)
    else:
        if not args.out:
            parser.error('quantize needs --out')
        if not args.cache or not os.path.isfile(args.cache):
            parser.error(f'calibration cache {args.cache} not found')
        quantize(args.model, args.float_path, args.cache, args.out)


if __name__ == '__main__':
    sys.exit(main())
