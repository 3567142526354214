"""Synthetic training glyphs: digits 1-9 rendered in the installed fonts, and
"not a digit" crops (grid-line stubs, smudges, letters and text fragments, a
0, noise), each degraded like a phone photo of newspaper print and cut as the
pipeline cuts a glyph (its ink box and about 5 % of its height of paper).

Everything is drawn from one numpy Generator, so a seed gives the same set."""

import io
import subprocess

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

# Families left out: symbols, maths, music, and faces whose digits no
# newspaper sets a sudoku in (pixel, handwriting, blackletter, segment displays).
EXCLUDED_FAMILIES = (
    "symbol", "math", "music", "emoji", "ding", "sixtyfour", "amiga", "3270", "dseg", "unifont",
    "blackletter", "fraktur", "script", "hand", "comic", "humor", "kaushan", "dancing", "lobster",
    "ocr-a", "creep", "dotgothic", "proggy", "terminus", "pixel", "gothic antiqua", "gotico",
)
EXCLUDED_STYLES = ("italic", "oblique", "kursiv", "cursiva", "slanted", "inclined", "hairline", "thin", "inverted",
                   "outline", "initials", "keyboard", "caps", "smallcaps")

# Letters used as text fragments: those that cannot pass for a digit in any
# face (no l, I, O-like-0 is kept on purpose: sudokus have no 0).
FRAGMENT_LETTERS = "acehkmnorsuvwxyACEFHKMNRTUVWXY0%#&+=-"


def digit_fonts():
    """(path, face index, family, style) of the installed non-italic faces that
    have the digits 1-9, sorted, minus the excluded families and styles."""
    out = subprocess.run(
        ["fc-list", ":charset=0031 0032 0033 0034 0035 0036 0037 0038 0039",
         "--format", "%{file}\t%{index}\t%{family[0]}\t%{style[0]}\n"],
        check=True, capture_output=True, text=True).stdout
    faces = []
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) != 4:
            continue
        path, index, family, style = parts
        if not path.lower().endswith((".ttf", ".otf", ".pfb", ".t1")):
            continue
        low_f, low_s = family.lower(), style.lower()
        if any(x in low_f for x in EXCLUDED_FAMILIES) or any(x in low_s for x in EXCLUDED_STYLES):
            continue
        faces.append((path, int(index or 0), family, style))
    return sorted(set(faces))


def digit_signature(font):
    """A picture of 1-9 in `font` at one size: faces whose digits look the same
    (the many Noto script fonts share Noto Sans's digits) are kept once."""
    img = Image.new("L", (9 * 40, 48), 255)
    draw = ImageDraw.Draw(img)
    for i, ch in enumerate("123456789"):
        draw.text((i * 40 + 4, 4), ch, font=font, fill=0)
    small = img.resize((9 * 10, 12), Image.BILINEAR)
    return (np.asarray(small) // 32).tobytes()


def load_faces(size=144):
    """Unique digit faces as (name, ImageFont) at `size` pixels."""
    faces, seen = [], set()
    for path, index, family, style in digit_fonts():
        try:
            font = ImageFont.truetype(path, size=size, index=index)
            probe = ImageFont.truetype(path, size=36, index=index)
        except OSError:
            continue
        # Faces without real digits (a .notdef box for each) draw the same thing nine times.
        sig = digit_signature(probe)
        cells = [sig[i::9] for i in range(9)]
        if len(set(cells)) < 9 or sig in seen:
            continue
        seen.add(sig)
        faces.append((f"{family} {style}", font))
    return faces


SS = 4  # supersampling of the clean drawing


def _glyph_mask(rng, faces, kind, digit):
    """A clean ink mask (float 0..1, white 0) at SS x scale with the glyph, and
    its nominal height in final pixels."""
    height = rng.uniform(15, 34)
    canvas = int(round(height * 2.2)) * SS
    img = Image.new("L", (canvas, canvas), 0)
    draw = ImageDraw.Draw(img)
    c = canvas / 2
    if kind == "digit" or kind == "fragment":
        name, font = faces[rng.integers(len(faces))]
        text = str(digit) if kind == "digit" else _fragment(rng)
        bbox = font.getbbox(text)
        gh = max(1, bbox[3] - bbox[1])
        scale = height * SS / gh if kind == "digit" else height * SS * rng.uniform(0.5, 1.1) / gh
        size = max(8, int(round(font.size * scale)))
        f = font.font_variant(size=size)
        bbox = f.getbbox(text)
        stroke = int(rng.integers(0, 3)) * SS // 2 if rng.random() < 0.25 else 0
        x = c - (bbox[0] + bbox[2]) / 2
        y = c - (bbox[1] + bbox[3]) / 2
        draw.text((x, y), text, font=f, fill=255, stroke_width=stroke, stroke_fill=255)
    elif kind == "stub":
        t = rng.uniform(1, 4) * SS
        length = rng.uniform(0.4, 1.3) * height * SS
        # A lone vertical bar is left out: in many faces that is what a 1 is.
        cross = rng.random() < 0.5
        horizontal = not cross or rng.random() < 0.5
        off = rng.uniform(-0.4, 0.4) * height * SS
        if horizontal:
            draw.rectangle([c - length / 2, c + off - t / 2, c + length / 2, c + off + t / 2], fill=255)
        else:
            draw.rectangle([c + off - t / 2, c - length / 2, c + off + t / 2, c + length / 2], fill=255)
        if cross:  # a corner, T or cross of two lines
            l2 = rng.uniform(0.3, 1.0) * height * SS
            o2 = rng.uniform(-0.5, 0.5) * length
            if horizontal:
                draw.rectangle([c + o2 - t / 2, c + off - l2 / 2, c + o2 + t / 2, c + off + l2 / 2], fill=255)
            else:
                draw.rectangle([c + off - l2 / 2, c + o2 - t / 2, c + off + l2 / 2, c + o2 + t / 2], fill=255)
    elif kind == "smudge":
        for _ in range(int(rng.integers(1, 4))):
            rx, ry = rng.uniform(0.1, 0.45, size=2) * height * SS
            dx, dy = rng.uniform(-0.3, 0.3, size=2) * height * SS
            draw.ellipse([c + dx - rx, c + dy - ry, c + dx + rx, c + dy + ry], fill=int(rng.integers(120, 256)))
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(1, 4) * SS))
    elif kind == "noise":
        arr = rng.normal(0, 1, size=(canvas // SS // 2 + 1,) * 2)
        img = Image.fromarray(np.uint8(np.clip((arr - 1.2) * 200, 0, 255))).resize((canvas, canvas), Image.BICUBIC)
    return img, height


def _fragment(rng):
    n = int(rng.choice([1, 1, 2, 3]))
    return "".join(FRAGMENT_LETTERS[i] for i in rng.integers(len(FRAGMENT_LETTERS), size=n))


def _degrade(rng, mask_img, height, contrast_ratio=None, grain=None):
    """Photographs the mask: geometry, weight, blur, light, noise, JPEG. Returns
    the grey picture (uint8) and the clean ink mask at the same scale.

    `contrast_ratio(rng)`, when given, draws the ink's contrast as a fraction of
    the paper level instead of the print's mix; `grain(rng, ink_amount)`, when
    given, roughens the ink (pencil on paper). Without them the draws are the
    same as always, so a seed gives the same printed set."""
    canvas = mask_img.size[0]
    # Stroke weight: thicken or thin at the supersampled scale.
    r = rng.random()
    if r < 0.2:
        mask_img = mask_img.filter(ImageFilter.MaxFilter(3 if rng.random() < 0.6 else 5))
    elif r < 0.35:
        mask_img = mask_img.filter(ImageFilter.MinFilter(3))
    # Small rotation, shear and perspective.
    angle = rng.normal(0, 2.5)
    shear = rng.normal(0, 0.06)
    sx = 1 + rng.normal(0, 0.06)
    a = np.deg2rad(angle)
    m = np.array([[np.cos(a) * sx, -np.sin(a) + shear], [np.sin(a), np.cos(a)]])
    inv = np.linalg.inv(m)
    c = canvas / 2
    off = np.array([c, c]) - inv @ np.array([c, c])
    persp = rng.normal(0, 0.0008 / SS, size=2)
    coeffs = [inv[0, 0], inv[0, 1], off[0], inv[1, 0], inv[1, 1], off[1], persp[0], persp[1]]
    mask_img = mask_img.transform(mask_img.size, Image.PERSPECTIVE, coeffs, resample=Image.BILINEAR)
    size = canvas // SS
    mask = np.asarray(mask_img.resize((size, size), Image.BOX), dtype=np.float64) / 255.0

    # Grid-line stubs near the edges of the cut (the cell's lines), sometimes.
    lines = np.zeros_like(mask)
    ys, xs = np.nonzero(mask > 0.5)
    if len(xs) and rng.random() < 0.25:
        x0, x1, y0, y1 = xs.min(), xs.max(), ys.min(), ys.max()
        t = int(rng.integers(1, 3))
        side = int(rng.integers(4))
        gap = int(rng.integers(0, 3))
        if side == 0:
            p = max(0, y0 - gap - t); lines[p:p + t, x0:x1 + 1] = 1
        elif side == 1:
            p = min(size - t, y1 + gap + 1); lines[p:p + t, x0:x1 + 1] = 1
        elif side == 2:
            p = max(0, x0 - gap - t); lines[y0:y1 + 1, p:p + t] = 1
        else:
            p = min(size - t, x1 + gap + 1); lines[y0:y1 + 1, p:p + t] = 1
        if rng.random() < 0.5:  # only part of the line
            keep = rng.random(size) < 0.7
            lines *= keep[None, :] if side < 2 else keep[:, None]

    # Blur: newspaper photos at 640x480 are soft; some very soft.
    sigma = rng.choice([rng.uniform(0.2, 1.0), rng.uniform(0.8, 2.0), rng.uniform(1.8, 3.2)], p=[0.35, 0.45, 0.2])
    ink_amount = np.clip(mask + lines, 0, 1)
    ink_img = Image.fromarray(np.uint8(ink_amount * 255)).filter(ImageFilter.GaussianBlur(sigma * height / 25))
    ink_amount = np.asarray(ink_img, dtype=np.float64) / 255.0
    # Light: paper and ink levels, low contrast often, a gradient across.
    if grain is not None:
        ink_amount = grain(rng, ink_amount)
    paper = rng.uniform(110, 250)
    if contrast_ratio is None:
        contrast = paper * rng.choice([rng.uniform(0.15, 0.35), rng.uniform(0.3, 0.9)], p=[0.3, 0.7])
    else:
        contrast = paper * contrast_ratio(rng)
    ink = paper - contrast
    gy, gx = np.mgrid[0:size, 0:size] / size - 0.5
    g = rng.normal(0, 0.15, size=2)
    light = 1 + g[0] * gx + g[1] * gy
    grey = (paper - (paper - ink) * ink_amount) * light
    grey = grey + rng.normal(0, rng.uniform(0, 6), size=grey.shape)
    grey = np.uint8(np.clip(np.round(grey), 0, 255))
    if rng.random() < 0.5:
        grey = _jpeg(grey, int(rng.integers(25, 90)))
    return grey, mask, height


def _jpeg(grey, quality):
    """`grey` (uint8) saved as a JPEG of `quality` and read back."""
    buf = io.BytesIO()
    Image.fromarray(grey).save(buf, format="JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("L"))


def _cut(rng, grey, mask, height):
    """The pipeline's cut: the clean glyph's ink box grown by max(1, (h+10)//20)
    pixels, with the box edges off by a pixel or two now and then."""
    ys, xs = np.nonzero(mask > 0.5)
    if len(xs) == 0:
        ys, xs = np.nonzero(mask > mask.max() / 2) if mask.max() > 0 else (np.array([grey.shape[0] // 2]), np.array([grey.shape[1] // 2]))
    x0, x1, y0, y1 = xs.min(), xs.max(), ys.min(), ys.max()
    pad = max(1, (int(y1 - y0 + 1) + 10) // 20)
    jitter = rng.integers(-2, 3, size=4) if rng.random() < 0.35 else np.zeros(4, dtype=int)
    x0, x1 = x0 - pad + jitter[0], x1 + pad + jitter[1]
    y0, y1 = y0 - pad + jitter[2], y1 + pad + jitter[3]
    h, w = grey.shape
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(w - 1, max(x1, x0 + 1)), min(h - 1, max(y1, y0 + 1))
    return grey[y0:y1 + 1, x0:x1 + 1]


NEGATIVE_KINDS = ("stub", "smudge", "fragment", "noise")
NEGATIVE_WEIGHTS = (0.35, 0.2, 0.35, 0.1)


def sample(rng, faces, label):
    """One synthetic crop (uint8) of class `label` (0: not a digit)."""
    if label == 0:
        kind = str(rng.choice(NEGATIVE_KINDS, p=NEGATIVE_WEIGHTS))
        mask_img, height = _glyph_mask(rng, faces, kind, 0)
    else:
        mask_img, height = _glyph_mask(rng, faces, "digit", label)
    grey, mask, height = _degrade(rng, mask_img, height)
    return _cut(rng, grey, mask, height)


def augment_real(rng, crop):
    """A real crop, photographed a little worse: blur, noise, contrast, JPEG,
    a pixel more or less of margin."""
    img = crop.astype(np.float64)
    if rng.random() < 0.5:
        img = np.asarray(Image.fromarray(np.uint8(img)).filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.2))),
                         dtype=np.float64)
    mean = img.mean()
    img = mean + (img - mean) * rng.uniform(0.5, 1.2) + rng.uniform(-30, 30)
    img = img + rng.normal(0, rng.uniform(0, 4), size=img.shape)
    img = np.uint8(np.clip(np.round(img), 0, 255))
    if rng.random() < 0.3:
        img = _jpeg(img, int(rng.integers(30, 90)))
    if rng.random() < 0.3 and img.shape[0] > 6 and img.shape[1] > 6:
        t = rng.integers(0, 2, size=4)
        img = img[t[0]:img.shape[0] - t[1], t[2]:img.shape[1] - t[3]]
    return img
