"""The classifier's input: a glyph crop turned into a FIELD x FIELD grid of ink
darkness in [0, 1]. Mirrors Sources/GlyphModels/GlyphField.swift step for
step (the golden test in Tests/GlyphModelsTests checks that they agree):

1. levels: Otsu's threshold splits the crop's grey levels; ink is the median of
   the dark class, paper the median of the light one (as GlyphNormalizer);
2. darkness d = clamp((paper - v) / (paper - ink), 0, 1); a crop with less than
   MIN_CONTRAST between ink and paper is blank (all zeros);
3. the ink box: pixels with 2 (paper - v) >= paper - ink;
4. the box is scaled, aspect kept, so that its longer side spans GLYPH cells,
   centred in the field, by exact area averaging (each field cell is the mean
   darkness of the part of the box it covers; outside the box counts as 0).
"""

import numpy as np

FIELD = 20
GLYPH = 20
MIN_CONTRAST = 8


def otsu_threshold(hist):
    total = int(hist.sum())
    if total == 0:
        return 127
    sum_all = float(np.dot(np.arange(256, dtype=np.float64), hist))
    weight, s, best, threshold = 0, 0.0, 0.0, 127
    for t in range(255):
        weight += int(hist[t])
        s += float(t * int(hist[t]))
        if weight == 0 or weight == total:
            continue
        w0 = weight / total
        m0 = s / weight
        m1 = (sum_all - s) / (total - weight)
        between = w0 * (1 - w0) * (m0 - m1) * (m0 - m1)
        if between > best:
            best, threshold = between, t
    return threshold


def level_at_rank(hist, k, lowest):
    seen = 0
    for v in range(lowest, 256):
        seen += int(hist[v])
        if seen > k:
            return v
    return 255


def levels(crop):
    """(ink, paper) of a uint8 crop, ink < paper."""
    hist = np.bincount(crop.ravel(), minlength=256)
    t = otsu_threshold(hist)
    dark = int(hist[: t + 1].sum())
    light = crop.size - dark
    ink = level_at_rank(hist, dark // 2, 0) if dark > 0 else t
    paper = level_at_rank(hist, light // 2, t + 1) if light > 0 else t
    if ink >= paper:
        return (paper - 1 if paper > 0 else 0), max(paper, 1)
    return ink, paper


def coverage(n_out, n_src, offset, scale):
    """(n_out, n_src) weights: field cell u covers box coordinates
    [(u - offset) / scale, (u + 1 - offset) / scale); source pixel k covers
    [k, k + 1); the weight is their overlap times scale."""
    u = np.arange(n_out, dtype=np.float64)[:, None]
    k = np.arange(n_src, dtype=np.float64)[None, :]
    s0 = (u - offset) / scale
    s1 = (u + 1 - offset) / scale
    overlap = np.minimum(s1, k + 1) - np.maximum(s0, k)
    return np.maximum(overlap, 0.0) * scale


def features(crop):
    """FIELD*FIELD float32 darkness values, row-major, for a uint8 crop (H, W)."""
    crop = np.asarray(crop, dtype=np.uint8)
    out = np.zeros((FIELD, FIELD), dtype=np.float64)
    if crop.size == 0:
        return out.astype(np.float32).ravel()
    ink, paper = levels(crop)
    contrast = paper - ink
    if contrast < MIN_CONTRAST:
        return out.astype(np.float32).ravel()
    diff = paper - crop.astype(np.int64)
    mask = 2 * diff >= contrast
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return out.astype(np.float32).ravel()
    x0, x1, y0, y1 = xs.min(), xs.max(), ys.min(), ys.max()
    bw, bh = x1 - x0 + 1, y1 - y0 + 1
    d = np.clip(diff[y0 : y1 + 1, x0 : x1 + 1] / contrast, 0.0, 1.0)
    scale = GLYPH / max(bw, bh)
    wx = coverage(FIELD, bw, FIELD / 2 - bw * scale / 2, scale)
    wy = coverage(FIELD, bh, FIELD / 2 - bh * scale / 2, scale)
    out = wy @ d @ wx.T
    return out.astype(np.float32).ravel()


def read_pgm(path):
    """A binary PGM (P5, maxval 255) as a uint8 array (H, W)."""
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos : pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos : pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    pos += 1  # the one whitespace byte after maxval
    assert fields[0] == b"P5" and fields[3] == b"255", path
    w, h = int(fields[1]), int(fields[2])
    return np.frombuffer(data, dtype=np.uint8, count=w * h, offset=pos).reshape(h, w)


def write_pgm(path, img):
    img = np.asarray(img, dtype=np.uint8)
    with open(path, "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (img.shape[1], img.shape[0]))
        f.write(img.tobytes())
