"""Trains sudokit's digit classifier and measures it honestly.

Run through scripts/train-digits, which prepares the environment and the
exported newspaper glyphs. Steps:

1. synthetic crops from the installed fonts (render.py), cached by seed and size;
2. the real glyphs of `bench glyphs` (index.tsv), labelled by truth;
3. k folds BY PHOTO: train on the synthetic crops and the other folds' photos,
   predict the held-out photos' glyphs; font-only training, predicted on every
   real glyph; Tesseract's own readings of the same glyphs, and the two together;
4. the final model on everything, written as the weights file, the Swift file
   that embeds it, and the golden vector for the Swift preprocessing test;
5. the report (markdown) with the figures and confusion matrices.
"""

import argparse
import base64
import csv
import hashlib
import json
import os
import struct
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preprocess  # noqa: E402
import render  # noqa: E402

CLASSES = 10  # 0: not a digit, 1-9 the digits


# MARK: data

def synthetic_set(cache_dir, seed, per_class, log):
    path = os.path.join(cache_dir, f"synthetic-seed{seed}-n{per_class}-f{preprocess.FIELD}.npz")
    if os.path.exists(path):
        d = np.load(path)
        log(f"synthetic: {len(d['y'])} crops from {path}")
        return d["x"], d["y"], int(d["faces"])
    faces = render.load_faces()
    log(f"synthetic: rendering {per_class} crops per digit and {int(per_class * 1.5)} not-a-digit crops "
        f"in {len(faces)} faces")
    rng = np.random.default_rng(seed)
    labels = [d for d in range(1, 10) for _ in range(per_class)] + [0] * int(per_class * 1.5)
    labels = np.array(labels, dtype=np.int64)
    rng.shuffle(labels)
    x = np.zeros((len(labels), preprocess.FIELD ** 2), dtype=np.float32)
    start = time.time()
    for i, label in enumerate(labels):
        x[i] = preprocess.features(render.sample(rng, faces, int(label)))
        if (i + 1) % 10000 == 0:
            log(f"  {i + 1}/{len(labels)} ({time.time() - start:.0f} s)")
    os.makedirs(cache_dir, exist_ok=True)
    np.savez_compressed(path, x=x, y=labels, faces=len(faces))
    return x, labels, len(faces)


def real_set(glyph_dir):
    """Labelled real crops: features, labels, photo names, Tesseract digit and
    confidence, crop file names."""
    rows = list(csv.DictReader(open(os.path.join(glyph_dir, "index.tsv")), delimiter="\t"))
    keep = [r for r in rows if r["crop"] != "-" and r["label"] != "-"]
    crops = [preprocess.read_pgm(os.path.join(glyph_dir, r["crop"])) for r in keep]
    x = np.stack([preprocess.features(c) for c in crops]) if crops else np.zeros((0, preprocess.FIELD ** 2))
    return {
        "x": x.astype(np.float32),
        "y": np.array([int(r["label"]) for r in keep], dtype=np.int64),
        "photo": np.array([r["photo"] for r in keep]),
        "tess": np.array([int(r["tesseract"]) for r in keep], dtype=np.int64),
        "tess_conf": np.array([float(r["confidence"]) for r in keep]),
        "crops": crops,
        "names": [r["crop"] for r in keep],
        "photos_read": len({r["photo"] for r in rows}),
        "photos_wrong": len({r["photo"] for r in rows if r["framing"] == "wrong"}),
    }


def augmented(rng, crops, labels, copies):
    xs, ys = [], []
    for c, y in zip(crops, labels):
        for _ in range(copies):
            xs.append(preprocess.features(render.augment_real(rng, c)))
            ys.append(y)
    if not xs:
        return np.zeros((0, preprocess.FIELD ** 2), dtype=np.float32), np.zeros(0, dtype=np.int64)
    return np.stack(xs).astype(np.float32), np.array(ys, dtype=np.int64)


# MARK: model: a multilayer perceptron, ReLU, softmax

def init_layers(rng, sizes):
    layers = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        w = rng.normal(0, np.sqrt(2.0 / n_in), size=(n_out, n_in))
        layers.append([w, np.zeros(n_out)])
    return layers


def forward(layers, x):
    acts = [x]
    for i, (w, b) in enumerate(layers):
        z = acts[-1] @ w.T + b
        acts.append(np.maximum(z, 0) if i < len(layers) - 1 else z)
    return acts


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def train(x, y, weights, hidden, epochs, seed, log, lr=2e-3, batch=256, decay=1e-5, classes=CLASSES):
    """Adam on cross-entropy weighted per sample, the learning rate halved every
    third of the run; float32; deterministic for a seed (one BLAS thread)."""
    rng = np.random.default_rng(seed)
    layers = [[p.astype(np.float32) for p in layer]
              for layer in init_layers(rng, [x.shape[1]] + list(hidden) + [classes])]
    m = [[np.zeros_like(p) for p in layer] for layer in layers]
    v = [[np.zeros_like(p) for p in layer] for layer in layers]
    x = x.astype(np.float32)
    weights = weights.astype(np.float32)
    onehot = np.eye(classes, dtype=np.float32)[y]
    t = 0
    for epoch in range(epochs):
        rate = lr * (0.5 ** (3 * epoch // epochs))
        order = rng.permutation(len(x))
        total = 0.0
        for s in range(0, len(x), batch):
            idx = order[s:s + batch]
            acts = forward(layers, x[idx])
            p = softmax(acts[-1])
            sw = weights[idx][:, None]
            total += float(-(sw[:, 0] * np.log(p[np.arange(len(idx)), y[idx]] + 1e-12)).sum())
            grad = ((p - onehot[idx]) * sw / sw.sum()).astype(np.float32)
            t += 1
            for i in range(len(layers) - 1, -1, -1):
                w, b = layers[i]
                gw = grad.T @ acts[i] + decay * w
                gb = grad.sum(axis=0)
                if i > 0:
                    grad = (grad @ w) * (acts[i] > 0)
                c1, c2 = np.float32(1 - 0.9 ** t), np.float32(1 - 0.999 ** t)
                for j, g in enumerate((gw, gb)):
                    m[i][j] = np.float32(0.9) * m[i][j] + np.float32(0.1) * g
                    v[i][j] = np.float32(0.999) * v[i][j] + np.float32(0.001) * g * g
                    step = np.float32(rate) * (m[i][j] / c1) / (np.sqrt(v[i][j] / c2) + np.float32(1e-8))
                    layers[i][j] = (layers[i][j] - step).astype(np.float32)
        log(f"    epoch {epoch + 1}/{epochs}: loss {total / weights.sum():.4f}")
    return [(w.astype(np.float32), b.astype(np.float32)) for w, b in layers]


def predict(layers, x):
    acts = forward([(w.astype(np.float64), b.astype(np.float64)) for w, b in layers], x.astype(np.float64))
    return softmax(acts[-1])


# MARK: weights file

MAGIC = b"SKDC"
VERSION = 1


def weights_bytes(layers):
    """The weights file: magic 'SKDC', then little-endian UInt32 version, field
    size, glyph size, minimum contrast, layer count; per layer UInt32 inputs and
    outputs, Float32 weights (outputs x inputs, row-major), Float32 biases.
    ReLU after every layer but the last, softmax after the last."""
    out = bytearray(MAGIC)
    out += struct.pack("<5I", VERSION, preprocess.FIELD, preprocess.GLYPH, preprocess.MIN_CONTRAST, len(layers))
    return bytes(out) + layer_bytes(layers)


def layer_bytes(layers):
    """The layers of a weights file: per layer UInt32 inputs and outputs, then
    Float32 weights (outputs x inputs, row-major) and biases, little-endian."""
    out = bytearray()
    for w, b in layers:
        out += struct.pack("<2I", w.shape[1], w.shape[0])
        out += np.ascontiguousarray(w, dtype="<f4").tobytes()
        out += np.ascontiguousarray(b, dtype="<f4").tobytes()
    return bytes(out)


def swift_embedding(blob, name, command, script="train-digits", type_name="GlyphModels"):
    """The Swift file that embeds the weights file `blob` in `type_name`."""
    text = base64.b64encode(blob).decode("ascii")
    lines = [text[i:i + 100] for i in range(0, len(text), 100)]
    body = "\n".join(lines)
    return (
        f"// Generated by scripts/{script}: do not edit. The weights file\n"
        f"// Resources/{name}.bin, base64, so that the weights are compiled into the\n"
        "// module (no resource bundle to find at run time, no Foundation).\n"
        f"// Command: {command}\n"
        f"// SHA-256 of the file: {hashlib.sha256(blob).hexdigest()}\n\n"
        f"extension {type_name} {{\n"
        f"    /// The name of the built-in weights.\n"
        f"    public static let builtInWeightsName = \"{name}\"\n\n"
        f"    /// `Resources/{name}.bin`, base64 encoded (lines of 100 characters).\n"
        "    static let builtInWeightsBase64 = \"\"\"\n"
        f"{body}\n"
        "\"\"\"\n"
        "}\n")


# MARK: measurement

def confusion(truth, pred):
    m = np.zeros((CLASSES, CLASSES), dtype=np.int64)
    for t, p in zip(truth, pred):
        m[t, p] += 1
    return m


def confusion_text(m, title, predicted_zero="0"):
    head = "| truth \\ read | " + " | ".join([predicted_zero] + [str(d) for d in range(1, 10)]) + " | right |"
    lines = [f"**{title}**", "", head, "|" + " --- |" * 12]
    for t in range(CLASSES):
        if m[t].sum() == 0:
            continue
        cells = [("**%d**" % m[t, p]) if t == p else (str(m[t, p]) if m[t, p] else ".") for p in range(CLASSES)]
        lines.append(f"| {t if t else 'not a digit'} | " + " | ".join(cells) + f" | {m[t, t]}/{m[t].sum()} |")
    return "\n".join(lines)


def summary_line(name, truth, pred):
    right = int((truth == pred).sum())
    return f"| {name} | {right}/{len(truth)} | {100 * right / max(1, len(truth)):.2f} % |"


def agreement_table(truth, tess, clf):
    both_right = int(((tess == truth) & (clf == truth)).sum())
    agree_wrong = int(((tess == clf) & (tess != truth)).sum())
    t_only = int(((tess == truth) & (clf != truth)).sum())
    c_only = int(((clf == truth) & (tess != truth)).sum())
    both_wrong_differ = int(((tess != truth) & (clf != truth) & (tess != clf)).sum())
    tess_nothing_clf_right = int(((tess == 0) & (truth != 0) & (clf == truth)).sum())
    return "\n".join([
        "| Tesseract and classifier | glyphs |", "| --- | ---: |",
        f"| both right | {both_right} |",
        f"| agree and both wrong (undetectable) | {agree_wrong} |",
        f"| only Tesseract right | {t_only} |",
        f"| only the classifier right | {c_only} (of which Tesseract read nothing: {tess_nothing_clf_right}) |",
        f"| both wrong, disagreeing | {both_wrong_differ} |",
    ])


def combined(tess, tess_conf, probs, threshold):
    """A simple fusion, for the report only (the judge weighs both itself):
    the classifier's digit where Tesseract read nothing or where the classifier
    disagrees with probability >= threshold; else Tesseract's."""
    clf = probs.argmax(axis=1)
    conf = probs.max(axis=1)
    out = tess.copy()
    take = ((tess == 0) & (clf != 0)) | ((clf != tess) & (conf >= threshold))
    out[take] = clf[take]
    return out


# MARK: main

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glyphs", required=True, help="folder written by 'sudokit-lab bench glyphs'")
    ap.add_argument("--cache", required=True, help="folder for the synthetic set")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--per-class", type=int, default=8000)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--hidden", default="128,64")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--real-weight", type=float, default=3.0)
    ap.add_argument("--real-copies", type=int, default=2)
    ap.add_argument("--weights-out", help="write the final model's weights file here")
    ap.add_argument("--swift-out", help="write the Swift file embedding the weights here")
    ap.add_argument("--golden-crop", help="a PGM crop for the golden vector")
    ap.add_argument("--golden-out", help="write the golden vector (JSON) here")
    ap.add_argument("--report", help="write the report (markdown) here")
    ap.add_argument("--command", default="scripts/train-digits", help="the command named in the outputs")
    ap.add_argument("--skip-folds", action="store_true")
    ap.add_argument("--fold-dir", help="write each fold's model (fold-K.bin) and its held-out photos (fold-K.photos) here")
    ap.add_argument("--folds-only", action="store_true", help="stop after the folds (no final model, no report)")
    a = ap.parse_args()
    hidden = [int(h) for h in a.hidden.split(",") if h]
    log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731

    xs, ys, n_faces = synthetic_set(a.cache, a.seed, a.per_class, log)
    real = real_set(a.glyphs)
    log(f"real: {len(real['y'])} labelled glyphs from {len(set(real['photo']))} photos")
    photos = np.array(sorted(set(real["photo"])))
    rng = np.random.default_rng(a.seed)
    fold_of = {p: i % a.folds for i, p in enumerate(rng.permutation(photos))}
    folds = np.array([fold_of[p] for p in real["photo"]])

    def fit(train_idx, tag, seed):
        rng_aug = np.random.default_rng(seed + 1)
        xa, ya = augmented(rng_aug, [real["crops"][i] for i in train_idx], real["y"][train_idx], a.real_copies)
        x = np.concatenate([xs, real["x"][train_idx], xa])
        y = np.concatenate([ys, real["y"][train_idx], ya])
        w = np.concatenate([np.ones(len(ys)), np.full(len(train_idx) + len(ya), a.real_weight)])
        log(f"  {tag}: {len(ys)} synthetic + {len(train_idx)} real (+{len(ya)} augmented)")
        return train(x, y, w, hidden, a.epochs, seed, log)

    report = []
    truth = real["y"]
    if not a.skip_folds:
        probs = np.zeros((len(truth), CLASSES))
        for k in range(a.folds):
            model = fit(np.nonzero(folds != k)[0], f"fold {k + 1}/{a.folds}", a.seed + k)
            held = np.nonzero(folds == k)[0]
            if a.fold_dir:
                os.makedirs(a.fold_dir, exist_ok=True)
                with open(os.path.join(a.fold_dir, f"fold-{k + 1}.bin"), "wb") as f:
                    f.write(weights_bytes(model))
                with open(os.path.join(a.fold_dir, f"fold-{k + 1}.photos"), "w") as f:
                    f.write("".join(p + "\n" for p in sorted(p for p in photos if fold_of[p] == k)))
            probs[held] = predict(model, real["x"][held])
            log(f"  fold {k + 1}: {int((probs[held].argmax(1) == truth[held]).sum())}/{len(held)} right")
        log("  font only")
        font_model = fit(np.array([], dtype=np.int64), "font only", a.seed + 100)
        font_probs = predict(font_model, real["x"])
        clf = probs.argmax(1)
        fused = combined(real["tess"], real["tess_conf"], probs, 0.9)
        report += [
            "| reader (on the real glyphs of held-out photos) | right | accuracy |", "| --- | ---: | ---: |",
            summary_line(f"classifier, {a.folds} folds by photo", truth, clf),
            summary_line("classifier, font-only training", truth, font_probs.argmax(1)),
            summary_line("Tesseract alone (as the pipeline reads)", truth, real["tess"]),
            summary_line("both (simple fusion, see below)", truth, fused),
            "",
            confusion_text(confusion(truth, clf), f"Classifier, {a.folds} folds by photo (rows: truth, columns: classifier)"),
            "",
            confusion_text(confusion(truth, font_probs.argmax(1)), "Classifier, font-only training, on every real glyph"),
            "",
            confusion_text(confusion(truth, real["tess"]), "Tesseract alone (column 0: read nothing)"),
            "",
            confusion_text(confusion(truth, fused), "Both: the classifier's digit where Tesseract read nothing, "
                           "or where they disagree and the classifier is at least 0.9 sure; else Tesseract's"),
            "",
            agreement_table(truth, real["tess"], clf),
            "",
        ]
        # How sure the classifier is when right and when wrong.
        conf = probs.max(1)
        rows = ["| classifier probability | glyphs | right | wrong |", "| --- | ---: | ---: | ---: |"]
        for lo, hi in [(0.99, 1.01), (0.9, 0.99), (0.7, 0.9), (0.5, 0.7), (0.0, 0.5)]:
            sel = (conf >= lo) & (conf < hi)
            rows.append(f"| {lo:.2f} to {min(hi, 1):.2f} | {int(sel.sum())} | {int((clf[sel] == truth[sel]).sum())} | "
                        f"{int((clf[sel] != truth[sel]).sum())} |")
        report += rows + [""]
        wrong = [f"{real['names'][i]} ({truth[i]} read {clf[i]}, p {conf[i]:.2f}; Tesseract {real['tess'][i]})"
                 for i in np.nonzero(clf != truth)[0]]
        report += ["Glyphs the classifier got wrong in the folds: " + "; ".join(wrong), ""]
        for line in report[:6]:
            log(line)
    if a.folds_only:
        return

    log("final model: everything")
    final = fit(np.arange(len(truth)), "final", a.seed + 1000)
    blob = weights_bytes(final)
    sha = hashlib.sha256(blob).hexdigest()
    name = "digits-v1"
    if a.weights_out:
        with open(a.weights_out, "wb") as f:
            f.write(blob)
        log(f"weights: {a.weights_out}, {len(blob)} bytes, SHA-256 {sha}")
    if a.swift_out:
        with open(a.swift_out, "w") as f:
            f.write(swift_embedding(blob, name, a.command))
    if a.golden_crop and a.golden_out:
        crop = preprocess.read_pgm(a.golden_crop)
        feats = preprocess.features(crop)
        p = predict(final, feats[None, :])[0]
        with open(a.golden_out, "w") as f:
            json.dump({"crop": os.path.basename(a.golden_crop), "weights_sha256": sha,
                       "levels": list(preprocess.levels(crop)),
                       "features": [float(v) for v in feats], "probabilities": [float(v) for v in p]}, f, indent=0)
            f.write("\n")
    if a.report:
        params = (f"seed {a.seed}; {len(ys)} synthetic crops ({a.per_class} per digit, {int(a.per_class * 1.5)} "
                  f"not a digit) in {n_faces} font faces; {len(truth)} real glyphs from {len(photos)} photos "
                  f"(weight {a.real_weight}, {a.real_copies} augmented copies each); MLP "
                  f"{preprocess.FIELD ** 2}-{'-'.join(map(str, hidden))}-{CLASSES}, {a.epochs} epochs")
        with open(a.report, "w") as f:
            f.write("# Digit classifier: training report\n\n"
                    f"Written by `{a.command}`. {params}. Weights `{name}.bin`, {len(blob)} bytes, "
                    f"SHA-256 `{sha}`.\n\n"
                    f"The real glyphs are the ones `sudokit-lab bench glyphs` cut from `TestImages/newspaper` and "
                    f"labelled by truth ({real['photos_wrong']} photo(s) read with a wrong framing left out). Every "
                    "classifier figure below is measured on the glyphs of photos the model was not trained on: the "
                    "photos are split "
                    f"into {a.folds} folds; each fold's glyphs are read by a model trained on the synthetic crops "
                    "and the other folds' photos.\n\n")
            f.write("\n".join(report) + "\n")
        log(f"report: {a.report}")


if __name__ == "__main__":
    main()
