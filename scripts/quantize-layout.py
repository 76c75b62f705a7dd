"""Int8 copy of the DocLayNet YOLOv8n layout model (QDQ, per-channel weights), for CPUs with VNNI.

Two steps, both with onnxruntime's own quantization tool:

  calibrate  run the float model over page images, record the range of every activation (moving
             average of per-page min/max) into a JSON calibration cache. Done once by a developer;
             the cache is committed (scripts/quantize-layout.ranges.json).
  quantize   rebuild the int8 model from the float model and the committed cache, with no pages.
             scripts/models.mjs runs this on every machine, so the result follows from pinned
             inputs alone.

  python3 scripts/quantize-layout.py calibrate --model F --cache OUT PAGE...  (PNG/JPEG, or PDF: needs pymupdf)
  python3 scripts/quantize-layout.py quantize --model F --cache C --out OUT

The committed cache: calibrate over the first page of every ICDAR 2013 PDF of the evaluation corpus,
  python3 scripts/quantize-layout.py calibrate --model models/doclaynet/yolov8n-doclaynet.onnx \
    --cache scripts/quantize-layout.ranges.json $(ls ../shared/corpus/icdar2013-tables/*/*.pdf | sort)
"""

import argparse
import os
import sys
import tempfile

import numpy as np
import onnx
from onnx import version_converter
from onnxruntime.quantization import CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType, quantize_static
from onnxruntime.quantization.shape_inference import quant_pre_process

INPUT_SIZE = 1024
PAD_VALUE = 114 / 255


def excluded_nodes(model):
    """Nodes kept in float: the stem convolution (raw pixels), and the detection head's decoding.

    The head (model.22) ends in per-level convolutions whose outputs are box-distribution logits and
    class logits, then DFL, sigmoid and a concat of box coordinates (0..1024) with class scores
    (0..1) into one tensor: one int8 scale cannot hold both, and quantizing them all made the
    detector miss most regions. Its inner convolutions (cv2.*.0, cv2.*.1, cv3.*.0, cv3.*.1) are
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


def prepared(model_path, workdir):
    """The float model at opset 17 (per-channel QDQ needs >= 13), shape-inferred and folded."""
    upgraded = os.path.join(workdir, 'opset17.onnx')
    onnx.save(version_converter.convert_version(onnx.load(model_path), 17), upgraded)
    result = os.path.join(workdir, 'prepared.onnx')
    quant_pre_process(upgraded, result, skip_symbolic_shape=True)
    return result


def letterbox(rgb):
    """letterbox.ts in numpy: bilinear on pixel centres to fit 1024 x 1024, centred, grey pad."""
    height, width, _ = rgb.shape
    scale = min(INPUT_SIZE / width, INPUT_SIZE / height)
    out_w, out_h = round(width * scale), round(height * scale)
    fx = np.clip((np.arange(out_w) + 0.5) * width / out_w - 0.5, 0, width - 1)
    fy = np.clip((np.arange(out_h) + 0.5) * height / out_h - 0.5, 0, height - 1)
    x0, y0 = np.floor(fx).astype(int), np.floor(fy).astype(int)
    x1, y1 = np.minimum(x0 + 1, width - 1), np.minimum(y0 + 1, height - 1)
    wx, wy = (fx - x0)[None, :, None], (fy - y0)[:, None, None]
    image = rgb.astype(np.float32)
    top = image[y0][:, x0] + (image[y0][:, x1] - image[y0][:, x0]) * wx
    bottom = image[y1][:, x0] + (image[y1][:, x1] - image[y1][:, x0]) * wx
    scaled = (top + (bottom - top) * wy) / 255
    tensor = np.full((INPUT_SIZE, INPUT_SIZE, 3), PAD_VALUE, dtype=np.float32)
    pad_x = max(0, round((INPUT_SIZE - out_w) / 2 - 0.1))
    pad_y = max(0, round((INPUT_SIZE - out_h) / 2 - 0.1))
    tensor[pad_y : pad_y + out_h, pad_x : pad_x + out_w] = scaled
    return tensor.transpose(2, 0, 1)[None]


def page_images(paths):
    """RGB arrays of the given images; the first page of each PDF, rendered at 72 dpi."""
    for path in paths:
        if path.lower().endswith('.pdf'):
            import pymupdf

            pixmap = pymupdf.open(path)[0].get_pixmap()
            yield np.frombuffer(pixmap.samples, dtype=np.uint8).reshape(pixmap.height, pixmap.width, pixmap.n)[:, :, :3]
        else:
            from PIL import Image

            yield np.asarray(Image.open(path).convert('RGB'))


class Pages(CalibrationDataReader):
    def __init__(self, input_name, paths):
        self.input_name = input_name
        self.pages = page_images(paths)

    def get_next(self):
        page = next(self.pages, None)
        return None if page is None else {self.input_name: letterbox(page)}


def quantize(model_path, cache, out, pages=None):
    with tempfile.TemporaryDirectory(prefix='folio-quantize.') as workdir:
        model = prepared(model_path, workdir)
        loaded = onnx.load(model)
        quantize_static(
            model,
            out,
            Pages(loaded.graph.input[0].name, pages) if pages else None,
            quant_format=QuantFormat.QDQ,
            per_channel=True,
            activation_type=QuantType.QUInt8,
            weight_type=QuantType.QInt8,
            calibrate_method=CalibrationMethod.MinMax,
            nodes_to_exclude=excluded_nodes(loaded),
            calibration_cache_path=cache,
            extra_options={'CalibMovingAverage': True},
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('step', choices=['calibrate', 'quantize'])
    parser.add_argument('--model', required=True, help='the float32 yolov8n-doclaynet.onnx')
    parser.add_argument('--cache', required=True, help='calibration cache (JSON): written by calibrate, read by quantize')
    parser.add_argument('--out', help='int8 model to write')
    parser.add_argument('pages', nargs='*', help='calibration pages (calibrate only)')
    args = parser.parse_intermixed_args()
    if args.step == 'calibrate':
        if not args.pages:
            parser.error('calibrate needs page images or PDFs')
        if os.path.exists(args.cache):
            os.remove(args.cache)
        with tempfile.TemporaryDirectory(prefix='folio-calibrate.') as workdir:
            quantize(args.model, args.cache, args.out or os.path.join(workdir, 'int8.onnx'), args.pages)
    else:
        if not args.out:
            parser.error('quantize needs --out')
        if not os.path.isfile(args.cache):
            parser.error(f'calibration cache {args.cache} not found')
        quantize(args.model, args.cache, args.out)


if __name__ == '__main__':
    sys.exit(main())
