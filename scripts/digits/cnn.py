"""A small convolutional network in numpy, for the hand reader
(scripts/digits/train_hand.py). Mirrors Sources/GlyphModels/Convolutions.swift
and Perceptron.swift step for step (the golden test in Tests/GlyphModelsTests
checks that they agree):

input: the kind classifier's features (train_kinds.features): the FIELD x FIELD
glyph field, then EXTRA values (the ink's contrast and level);
each convolutional layer: a k x k kernel over the field with zero padding of
k // 2 (the size kept), ReLU, a 2 x 2 max pool; values laid out (y, x, channel);
then the last pool's values and the extra inputs, in that order, through dense
layers (ReLU between, softmax at the end).

Trained with Adam on cross-entropy weighted per sample, the learning rate on a
cosine from `lr` to 0; float32; deterministic for a seed with one BLAS thread.
"""

import struct
import time

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from train import softmax


def patches(x, k):
    """(B, H, W, C) -> (B, H, W, k * k * C): each cell's k x k neighbourhood,
    zero padded, in (kernel row, kernel column, channel) order."""
    pad = k // 2
    xp = np.pad(x, ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    windows = sliding_window_view(xp, (k, k), axis=(1, 2))  # B, H, W, C, k, k
    b, h, w, c = x.shape
    return np.ascontiguousarray(windows.transpose(0, 1, 2, 4, 5, 3)).reshape(b, h, w, k * k * c)


def unpatch(d, shape, k):
    """The adjoint of `patches`: (B, H, W, k * k * C) gradients -> (B, H, W, C)."""
    pad = k // 2
    b, h, w, c = shape
    d = d.reshape(b, h, w, k, k, c)
    out = np.zeros((b, h + 2 * pad, w + 2 * pad, c), np.float32)
    for i in range(k):
        for j in range(k):
            out[:, i:i + h, j:j + w, :] += d[:, :, :, i, j, :]
    return out[:, pad:pad + h, pad:pad + w, :]


class Network:
    """Convolutions `convs` ([(kernel, channels out)]) over a `field` x `field`
    grid, then dense layers of `hidden` units and `classes` outputs; `extra`
    inputs join the first dense layer."""

    def __init__(self, rng, field, extra, convs, hidden, classes):
        self.field, self.extra = field, extra
        self.convs = []
        channels = 1
        for k, out in convs:
            w = (rng.standard_normal((k * k * channels, out)) * np.sqrt(2 / (k * k * channels))).astype(np.float32)
            self.convs.append([w, np.zeros(out, np.float32), k])
            channels = out
        side = field >> len(convs)
        sizes = [side * side * channels + extra] + list(hidden) + [classes]
        self.dense = []
        for n_in, n_out in zip(sizes[:-1], sizes[1:]):
            w = (rng.standard_normal((n_in, n_out)) * np.sqrt(2 / n_in)).astype(np.float32)
            self.dense.append([w, np.zeros(n_out, np.float32)])

    def params(self):
        return [p for layer in self.convs for p in layer[:2]] + [p for layer in self.dense for p in layer]

    def forward(self, x, keep=False):
        b, n = len(x), self.field * self.field
        a = x[:, :n].reshape(b, self.field, self.field, 1)
        cache = []
        for w, bias, k in self.convs:
            cols = patches(a, k)
            z = cols @ w + bias
            r = np.maximum(z, 0)
            blocks = r.reshape(b, r.shape[1] // 2, 2, r.shape[2] // 2, 2, r.shape[3])
            pooled = blocks.max(axis=(2, 4))
            cache.append((a.shape, cols, z, blocks, pooled))
            a = pooled
        h = np.concatenate([a.reshape(b, -1), x[:, n:n + self.extra]], 1)
        acts = [h]
        for i, (w, bias) in enumerate(self.dense):
            z = acts[-1] @ w + bias
            acts.append(np.maximum(z, 0) if i < len(self.dense) - 1 else z)
        if keep:
            self.cache = (cache, acts, a.shape)
        return acts[-1]

    def backward(self, grad):
        """Gradients of every parameter, in `params` order, for output gradient `grad`."""
        cache, acts, pooled_shape = self.cache
        dense_grads = []
        for i in range(len(self.dense) - 1, -1, -1):
            w, _ = self.dense[i]
            dense_grads.append((acts[i].T @ grad, grad.sum(0)))
            grad = grad @ w.T
            if i > 0:
                grad = grad * (acts[i] > 0)
        dense_grads.reverse()
        b = len(grad)
        d = grad[:, :int(np.prod(pooled_shape[1:]))].reshape(pooled_shape)
        conv_grads = []
        for (shape, cols, z, blocks, pooled), (w, _, k) in zip(reversed(cache), reversed(self.convs)):
            mask = blocks == pooled[:, :, None, :, None, :]
            dz = (mask * d[:, :, None, :, None, :]).reshape(z.shape) * (z > 0)
            flat = dz.reshape(-1, dz.shape[-1])
            conv_grads.append((cols.reshape(-1, cols.shape[-1]).T @ flat, flat.sum(0)))
            if len(conv_grads) < len(self.convs):
                d = unpatch(dz @ w.T, shape, k)
        conv_grads.reverse()
        return [g for pair in conv_grads for g in pair] + [g for pair in dense_grads for g in pair]


def train(x, y, weights, field, extra, convs, hidden, classes, epochs, seed, log,
          lr=2e-3, batch=128, decay=1e-5):
    """A trained `Network` for features `x`, labels `y` and per-sample `weights`."""
    rng = np.random.default_rng(seed)
    net = Network(rng, field, extra, convs, hidden, classes)
    params = net.params()
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    x = x.astype(np.float32)
    weights = (weights / weights.mean()).astype(np.float32)
    t = 0
    for epoch in range(epochs):
        rate = np.float32(lr * 0.5 * (1 + np.cos(np.pi * epoch / epochs)))
        order = rng.permutation(len(x))
        total, start = 0.0, time.time()
        for s in range(0, len(x), batch):
            idx = order[s:s + batch]
            p = softmax(net.forward(x[idx], keep=True))
            sw = weights[idx]
            total += float(-(sw * np.log(p[np.arange(len(idx)), y[idx]] + 1e-12)).sum())
            grad = p
            grad[np.arange(len(idx)), y[idx]] -= 1
            grad = (grad * (sw / len(idx))[:, None]).astype(np.float32)
            t += 1
            c1, c2 = np.float32(1 - 0.9 ** t), np.float32(1 - 0.999 ** t)
            for j, g in enumerate(net.backward(grad)):
                g = g + np.float32(decay) * params[j]
                m[j] = np.float32(0.9) * m[j] + np.float32(0.1) * g
                v[j] = np.float32(0.999) * v[j] + np.float32(0.001) * g * g
                params[j] -= (rate * (m[j] / c1) / (np.sqrt(v[j] / c2) + np.float32(1e-8))).astype(np.float32)
        log(f"    epoch {epoch + 1}/{epochs}: loss {total / len(x):.4f} ({time.time() - start:.0f} s)")
    return net


def predict(net, x):
    """Class probabilities for the rows of `x`, in float32 as the Swift reader computes."""
    x = x.astype(np.float32)
    return np.concatenate([softmax(net.forward(x[s:s + 1024]).astype(np.float64)) for s in range(0, len(x), 1024)])


def layer_bytes(net):
    """The layers of a version 2 weights file: per convolution UInt32 kernel,
    channels in and out, Float32 weights ((kernel row, kernel column, channel
    in) x channels out, row-major) and biases; then per dense layer UInt32
    inputs and outputs, Float32 weights (outputs x inputs, row-major) and
    biases; little-endian."""
    out = bytearray()
    for w, b, k in net.convs:
        out += struct.pack("<3I", k, w.shape[0] // (k * k), w.shape[1])
        out += np.ascontiguousarray(w, dtype="<f4").tobytes()
        out += np.ascontiguousarray(b, dtype="<f4").tobytes()
    for w, b in net.dense:
        out += struct.pack("<2I", w.shape[0], w.shape[1])
        out += np.ascontiguousarray(w.T, dtype="<f4").tobytes()
        out += np.ascontiguousarray(b, dtype="<f4").tobytes()
    return bytes(out)
