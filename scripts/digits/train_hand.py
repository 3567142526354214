"""Trains the hand reader (HandReader in Sources/GlyphModels): one glyph
crop of a player's handwritten entry in, nine probabilities out (digits 1-9).
Run by scripts/train-hand after scripts/train-kinds, whose glyph cuts, synthetic
MNIST crops and folds it reuses.

The kind classifier reads handwriting as well as telling it from print, but a
network that has only the nine handwritten digits to tell apart, convolutional
(cnn.py: its filters see a stroke wherever it falls, where a perceptron learns
each place apart) and trained on many distorted copies of the real entries
(rotated, slanted, thinned and thickened as hands differ), reads them better;
it is run only on the glyphs the kind judge took for entries, so plain printed
photos do not pay for it.

Data: the synthetic handwritten crops of train_kinds.py (MNIST train and
validation digits drawn as pen and pencil, cached in the train-kinds folder),
and the handwritten entries of TestImages/mixed as `sudokit-lab bench glyphs` cut
them (label from NAME.dat where NAME.givens.dat is empty), each with `--copies`
distorted copies. Folds: the photo -> fold map that train-kinds wrote
(folds.tsv), so that a photo's fold hand reader and fold kind model are both
blind to its page. Deterministic: one BLAS thread, fixed seeds; `--jobs N`
trains N models at once (one process each, each model from its own seed as
one at a time).
"""

import argparse
import csv
import hashlib
import json
import multiprocessing
import os
import shutil
import struct
import sys
import time

import numpy as np
from PIL import Image, ImageFilter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cnn  # noqa: E402
import preprocess  # noqa: E402
import train as digits  # noqa: E402
import train_kinds as kinds  # noqa: E402

CLASSES = 9
INPUTS = kinds.INPUTS
MAGIC = b"SKHR"
VERSION = 2


def distorted(rng, crop):
    """A copy of `crop` as another hand might have written it: rotated by up to
    7 degrees, slanted by up to 0.18, and (for crops over 18 pixels high) the
    stroke thickened or thinned by a 3 x 3 minimum or maximum, one time in five each."""
    paper = int(np.percentile(crop, 90))
    big = Image.new("L", (crop.shape[1] + 8, crop.shape[0] + 8), paper)
    big.paste(Image.fromarray(crop), (4, 4))
    angle, shear = rng.uniform(-7, 7), rng.uniform(-0.18, 0.18)
    stroke = rng.choice([-1, 0, 0, 0, 1]) if crop.shape[0] > 18 else 0
    big = big.rotate(angle, resample=Image.BILINEAR, fillcolor=paper)
    big = big.transform(big.size, Image.AFFINE, (1, shear, -shear * big.size[1] / 2, 0, 1, 0),
                        resample=Image.BILINEAR, fillcolor=paper)
    if stroke > 0:
        big = big.filter(ImageFilter.MinFilter(3))
    elif stroke < 0:
        big = big.filter(ImageFilter.MaxFilter(3))
    return np.asarray(big)


def real_set(glyphs, copies, seed, cache_dir, log):
    """Features of the real entries and `copies` distorted copies of each, cached."""
    key = hashlib.sha256(("\n".join(g["crop"] for g in glyphs) + f"|{seed}|{copies}").encode()).hexdigest()[:16]
    path = os.path.join(cache_dir, f"hand-real-{key}.npz")
    if os.path.exists(path):
        d = np.load(path)
        log(f"real: {len(glyphs)} entries and their copies from {path}")
        return d["x"], d["xa"]
    rng = np.random.default_rng(seed)
    x = np.zeros((len(glyphs), INPUTS), dtype=np.float32)
    xa = np.zeros((len(glyphs), copies, INPUTS), dtype=np.float32)
    start = time.time()
    for i, g in enumerate(glyphs):
        crop = preprocess.read_pgm(g["crop"])
        x[i] = kinds.features(crop)
        for k in range(copies):
            xa[i, k] = kinds.features(distorted(rng, crop))
        if (i + 1) % 2000 == 0:
            log(f"  real {i + 1}/{len(glyphs)} ({time.time() - start:.0f} s)")
    np.savez_compressed(path, x=x, xa=xa)
    return x, xa


def weights_bytes(net):
    """The weights file: magic 'SKHR', then little-endian UInt32 version (2),
    field size, glyph size, minimum contrast, extra inputs, classes (9), the
    number of convolutional layers, the number of dense layers; the layers as
    cnn.layer_bytes writes them."""
    out = bytearray(MAGIC)
    out += struct.pack("<8I", VERSION, preprocess.FIELD, preprocess.GLYPH, preprocess.MIN_CONTRAST, kinds.EXTRA,
                       CLASSES, len(net.convs), len(net.dense))
    return bytes(out) + cnn.layer_bytes(net)


def parse_convs(text):
    """'5:12,3:24' -> [(5, 12), (3, 24)]: kernel and channels of each convolution."""
    return [tuple(int(v) for v in part.split(":")) for part in text.split(",") if part]


# The training data, set once by main() before the pool forks, so that the
# workers share it instead of receiving copies.
DATA = {}


def fit_job(job):
    """One model: (tag, indices of the real entries to learn from, seed)."""
    tag, idx, seed = job
    d = DATA
    log = lambda s: print(f"[{tag}] {s}", file=sys.stderr, flush=True)  # noqa: E731
    copies = d["copies"]
    x = np.concatenate([d["xs"], d["xr"][idx], d["xa"][idx].reshape(-1, INPUTS)])
    y = np.concatenate([d["ys"], d["yr"][idx], np.repeat(d["yr"][idx], copies)])
    w = np.concatenate([np.ones(len(d["ys"])), np.full(len(idx) * (1 + copies), d["real_weight"])])
    net = cnn.train(x, y, w, preprocess.FIELD, kinds.EXTRA, d["convs"], d["hidden"], CLASSES, d["epochs"], seed, log)
    return tag, net


def load_kind_model(path):
    """A kind classifier's weights file (SKKC) as layers, to compare with."""
    b = open(path, "rb").read()
    assert b[:4] == b"SKKC", path
    n = struct.unpack("<7I", b[4:32])[6]
    pos, layers = 32, []
    for _ in range(n):
        i, o = struct.unpack("<2I", b[pos:pos + 8])
        pos += 8
        w = np.frombuffer(b, "<f4", o * i, pos).reshape(o, i)
        pos += 4 * o * i
        bias = np.frombuffer(b, "<f4", o, pos)
        pos += 4 * o
        layers.append((w, bias))
    return layers


def confusion_text(truth, read):
    m = np.zeros((9, 9), dtype=int)
    for t, r in zip(truth, read):
        m[t, r] += 1
    head = "| truth \\ read | " + " | ".join(str(d) for d in range(1, 10)) + " | right |"
    rows = [head, "|" + " --- |" * 11]
    for t in range(9):
        cells = [f"**{m[t, r]}**" if r == t else (str(m[t, r]) if m[t, r] else ".") for r in range(9)]
        rows.append(f"| {t + 1} | " + " | ".join(cells) + f" | {m[t, t]}/{m[t].sum()} |")
    return "\n".join(rows)


def pct(n, d):
    return f"{n}/{d} ({100 * n / max(1, d):.2f} %)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mixed-glyphs", required=True)
    ap.add_argument("--cache", required=True, help="train-kinds' folder: its synthetic crops are reused")
    ap.add_argument("--folds-tsv", required=True, help="train-kinds' folds.tsv (photo -> fold)")
    ap.add_argument("--kind-folds", help="folder of train-kinds' foldK.bin, to compare with")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--convs", default="5:12,3:24", help="kernel:channels of each convolution")
    ap.add_argument("--hidden", default="128")
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--jobs", type=int, default=1, help="models trained at once")
    ap.add_argument("--copies", type=int, default=8)
    ap.add_argument("--real-weight", type=float, default=5.0)
    ap.add_argument("--fold-dir", help="write foldK-hand.bin here")
    ap.add_argument("--weights-out")
    ap.add_argument("--swift-out")
    ap.add_argument("--golden-crop-out")
    ap.add_argument("--golden-out")
    ap.add_argument("--report")
    ap.add_argument("--command", default="scripts/train-hand")
    ap.add_argument("--skip-folds", action="store_true")
    a = ap.parse_args()
    hidden = [int(h) for h in a.hidden.split(",") if h]
    convs = parse_convs(a.convs)
    log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731

    mixed, dropped, missing, n_mixed = kinds.real_glyphs(a.mixed_glyphs, "mixed", 15, 0.6, 80.0)
    hand = [g for g in mixed if g["label"] >= 10]
    xs, ys, _ = kinds.synthetic_set(a.cache, a.seed, 800, 3000, 2000, 1, log)
    keep = ys >= 10
    xs, ys = xs[keep], ys[keep] - 10
    xr, xa = real_set(hand, a.copies, a.seed + 2, a.cache, log)
    yr = np.array([g["label"] - 10 for g in hand], dtype=np.int64)
    fold_of = {r["photo"]: int(r["fold"]) for r in csv.DictReader(open(a.folds_tsv), delimiter="\t")}
    folds = np.array([fold_of[g["photo"]] for g in hand])
    log(f"hand reader: {len(ys)} synthetic + {len(hand)} real entries from {n_mixed - len(dropped)} photos "
        f"(dropped: {', '.join(dropped) or 'none'}), {a.copies} copies each")

    DATA.update(xs=xs, ys=ys, xr=xr, xa=xa, yr=yr, copies=a.copies, real_weight=a.real_weight, convs=convs,
                hidden=hidden, epochs=a.epochs)
    fold_ids = [] if a.skip_folds else sorted(set(folds.tolist()))
    jobs = [(f"fold {k}", np.nonzero(folds != k)[0], a.seed + k) for k in fold_ids]
    jobs.append(("final", np.arange(len(hand)), a.seed + 1000))
    if a.jobs > 1:
        with multiprocessing.get_context("fork").Pool(a.jobs) as pool:
            models = dict(pool.map(fit_job, jobs, chunksize=1))
    else:
        models = dict(fit_job(job) for job in jobs)

    rows, truth_all, read_all = [], [], []
    for k in fold_ids:
        model = models[f"fold {k}"]
        held = np.nonzero(folds == k)[0]
        read = cnn.predict(model, xr[held]).argmax(1)
        right = int((read == yr[held]).sum())
        truth_all += yr[held].tolist()
        read_all += read.tolist()
        kind_right = "-"
        if a.kind_folds:
            p = digits.predict(load_kind_model(os.path.join(a.kind_folds, f"fold{k}.bin")), xr[held])[:, 10:19]
            kind_right = pct(int((p.argmax(1) == yr[held]).sum()), len(held))
        rows.append((k, pct(right, len(held)), kind_right))
        log(f"  fold {k}: hand reader {pct(right, len(held))}, kind classifier {kind_right}")
        if a.fold_dir:
            os.makedirs(a.fold_dir, exist_ok=True)
            with open(os.path.join(a.fold_dir, f"fold{k}-hand.bin"), "wb") as f:
                f.write(weights_bytes(model))

    final = models["final"]
    blob = weights_bytes(final)
    sha = hashlib.sha256(blob).hexdigest()
    name = "hand-v2"
    if a.weights_out:
        with open(a.weights_out, "wb") as f:
            f.write(blob)
    if a.swift_out:
        with open(a.swift_out, "w") as f:
            f.write(digits.swift_embedding(blob, name, a.command, script="train-hand", type_name="HandReader"))
    if a.golden_crop_out and a.golden_out:
        first = sorted(hand, key=lambda g: os.path.basename(g["crop"]))[0]
        shutil.copyfile(first["crop"], a.golden_crop_out)
        crop = preprocess.read_pgm(a.golden_crop_out)
        feats = kinds.features(crop)
        p = cnn.predict(final, feats[None, :])[0]
        with open(a.golden_out, "w") as f:
            json.dump({"crop": os.path.basename(a.golden_crop_out), "source": os.path.basename(first["crop"]),
                       "label": int(first["label"]) - 9, "weights_sha256": sha,
                       "input": [float(v) for v in feats], "probabilities": [float(v) for v in p]}, f, indent=0)
            f.write("\n")
    if a.report:
        side = preprocess.FIELD >> len(convs)
        layers = "-".join(map(str, [side * side * convs[-1][1] + kinds.EXTRA] + hidden + [CLASSES]))
        convs_text = ", then ".join(f"{n} filters {k} x {k}" for k, n in convs)
        table = ["| fold | hand reader | kind classifier's handwritten digit, same entries |", "| --- | --- | --- |"]
        table += [f"| {k} | {h} | {c} |" for k, h, c in rows]
        if rows:
            right = sum(int(t == r) for t, r in zip(truth_all, read_all))
            table.append(f"| **all** | {pct(right, len(truth_all))} | |")
        with open(a.report, "w") as f:
            f.write(f"""# Hand reader: training report

Written by `{a.command}`. Weights `hand-v2.bin`, {len(blob)} bytes, SHA-256
`{sha}`.

`HandReader` (Sources/GlyphModels/HandReader.swift) reads the digit of a
player's handwritten entry: one glyph crop, as `FramingReader.glyphCrop` cuts
it, upright, into nine probabilities (digits 1-9). The pipeline runs it only on
the glyphs the kind judge took for entries (Sources/GridScanner/KindJudge.swift);
whether a glyph is handwritten at all stays the kind classifier's question
(docs/kind-classifier.md).

## Model

A convolutional network (scripts/digits/cnn.py) on the kind classifier's input
(the 20 x 20 glyph field and the ink's contrast and level): {convs_text}, each
with ReLU and a 2 x 2 max pool, then dense layers {layers} (the pooled values
and the two extra inputs; ReLU, softmax). Adam on weighted cross-entropy, the
rate on a cosine from 0.002 to 0, {a.epochs} epochs, seed {a.seed}, numpy on
one thread per model.

## Data

- Synthetic: the {len(ys)} handwritten crops of scripts/train-kinds (MNIST train
  and validation digits drawn as pen and pencil in a photographed cell; see
  docs/kind-classifier.md for MNIST's attribution and licence).
- Real: the {len(hand)} handwritten entries of `TestImages/mixed` that `sudokit-lab
  bench glyphs` cuts from {n_mixed - len(dropped)} of the {n_mixed} photos (dropped,
  framing not right: {', '.join(dropped) or 'none'}), weight {a.real_weight}, each with
  {a.copies} distorted copies (rotated up to 7 degrees, slanted up to 0.18, the
  stroke thickened or thinned one time in five each).

## Figures, by the folds of scripts/train-kinds

Each fold's reader is trained on the synthetic crops and the other folds'
photos, and measured on its own photos' entries, beside the fold kind
classifier's handwritten digit on the same crops.

{chr(10).join(table)}

**All folds** (rows: truth, columns: read)

{confusion_text(truth_all, read_all) if rows else "(folds skipped)"}

Commands: `scripts/train-kinds`, then `scripts/train-hand` (this report, the
weights, the fold readers `.build/train-kinds/folds/foldK-hand.bin`).
""")
    log(f"hand-v2: {len(blob)} bytes, SHA-256 {sha}")


if __name__ == "__main__":
    main()
