#!/usr/bin/env python3
"""A stand-in for `sudokit serve`, in memory, to develop the web page and its browser test.

Usage: mock_api.py [--port N] [--token T] [--page PATH] [--sudokit BINARY]

Serves the page at / and the API of docs/design/web.md, roughly: every request
needs the token; /api/layout runs `sudokit layout --format json`; every photo
"scans" as unverified with one flagged cell (r7c7) that '.' settles; games play
the puzzle given (daily, tier and resume play a fixed one) with fake hints.
"""
import argparse
import json
import os
import struct
import subprocess
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_PAGE = os.path.join(ROOT, "Sources/SudokitCommands/Serve/Page/page.html")
FIXED_PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SCANNED = {  # what `sudokit scan` reads in TestImages/synthetic/played/played-erased-1.jpg
    "puzzle": "..825.46....71..83.5......1..39.524.8..6....9.7.....1...23...9.6...9..7.7.4..235.",
    "entries": "9.......7.26......3.78.692.........8.45..1......4386..58..6.1.4.3...4....9.18....",
    "corners": [[302, 642], [1254, 658], [1190, 1618], [290, 1562]],
}
LOCK = threading.Lock()
PHOTOS, GAMES = {}, {}


def png(width, height, shade=200):
    """A grey PNG, for the grid and the cells' crops."""
    rows = b"".join(b"\x00" + bytes([shade]) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def image_size(data):
    """Width and height of a PNG or baseline JPEG, or None when it is neither."""
    if data.startswith(b"\x89PNG"):
        return struct.unpack(">II", data[16:24])
    if not data.startswith(b"\xff\xd8"):
        return None
    i = 2
    while i + 9 < len(data):
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        i += 2 + length
    return 0, 0


def solve(grid):
    """The first solution of an 81-character puzzle by backtracking, or None."""
    cells = [int(ch) if ch.isdigit() else 0 for ch in grid]

    def ok(i, d):
        r, c = divmod(i, 9)
        br, bc = r // 3 * 3, c // 3 * 3
        return all(cells[r * 9 + k] != d and cells[k * 9 + c] != d for k in range(9)) and \
            all(cells[(br + a) * 9 + bc + b] != d for a in range(3) for b in range(3))

    def search():
        try:
            i = cells.index(0)
        except ValueError:
            return True
        for d in range(1, 10):
            if ok(i, d):
                cells[i] = d
                if search():
                    return True
        cells[i] = 0
        return False
    return "".join(map(str, cells)) if search() else None


def cell_index(name):
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


# ---------- photos ----------

def photo_record(p):
    keys = ("id", "name", "status", "message", "puzzle", "entries", "flagged", "settled", "blocked",
            "proven", "corners", "width", "height")
    return {k: p.get(k) for k in keys}


def scan_later(pid):
    time.sleep(0.4)
    with LOCK:
        PHOTOS[pid]["status"] = "scanning"
    time.sleep(0.8)
    with LOCK:
        p = PHOTOS[pid]
        p.update(SCANNED, status="unverified", message="read, not proven", proven=False,
                 flagged=[{"cell": "r7c7", "reason": "kind",
                           "prompt": "r7c7: read as 1, printed or handwritten is not clear"}],
                 settled=[], blocked="1 cell to settle")


def settle(p, body):
    cell, digit = body["cell"], int(body["digit"])
    p["flagged"] = [f for f in p["flagged"] if f["cell"] != cell]
    p["settled"] = [s for s in p["settled"] if s["cell"] != cell] + [{"cell": cell, "digit": digit}]
    p["proven"] = cell == "r7c7" and digit == 0
    if p["proven"]:
        p.update(status="solved", blocked="proven")
    else:
        p["flagged"].append({"cell": cell, "reason": "kind", "prompt": f"{cell}: settled as {digit}, still not proven"})
        p["blocked"] = "1 cell to settle"
    return photo_record(p)


# ---------- games ----------

def new_game(body):
    puzzle = body.get("puzzle") or FIXED_PUZZLE
    if body.get("photo"):
        p = PHOTOS.get(body["photo"])
        puzzle = p and p.get("puzzle")
    if not puzzle or len(puzzle) != 81:
        return None
    solution = solve(puzzle.replace("0", "."))
    if not solution:
        return None
    gid = f"g{len(GAMES) + 1}"
    GAMES[gid] = {"id": gid, "source": "photo" if body.get("photo") else "puzzle", "tier": int(body.get("tier", 1)),
                  "tier_name": "hidden singles", "givens": puzzle.replace("0", "."), "entries": "." * 81,
                  "marks": [""] * 81, "wrong": [], "started": time.time(), "hints": 0, "checks": 0,
                  "solved": False, "summary": None, "hint": None, "solution": solution, "undo": [], "redo": []}
    return GAMES[gid]


def game_record(g):
    out = {k: v for k, v in g.items() if k not in ("solution", "undo", "redo", "started")}
    out["elapsed"] = round(time.time() - g["started"], 1)
    return out


def game_action(g, body):
    action, cell, digit = body.get("action"), body.get("cell"), body.get("digit")
    entries, marks = list(g["entries"]), list(g["marks"])
    i = cell_index(cell) if cell else None
    if i is not None and g["givens"][i] != "." and action in ("enter", "erase", "mark"):
        return f"{cell} is a given"
    if action in ("enter", "erase", "mark", "fill"):
        g["undo"].append((g["entries"], list(g["marks"])))
        g["redo"].clear()
        g["hint"] = None
    if action == "enter":
        entries[i], marks[i] = str(digit), ""
        said = f"{cell}: {digit}"
    elif action == "erase":
        entries[i], marks[i] = ".", ""
        said = f"{cell} erased"
    elif action == "mark":
        m = set(marks[i])
        m ^= {str(digit)}
        marks[i] = "".join(sorted(m))
        said = f"{cell}: marks {' '.join(marks[i]) or 'none'}"
    elif action == "fill":
        marks = ["" if g["givens"][k] != "." or entries[k] != "." else "123456789" for k in range(81)]
        said = "candidates filled in"
    elif action in ("undo", "redo"):
        source, target = (g["undo"], g["redo"]) if action == "undo" else (g["redo"], g["undo"])
        if not source:
            return f"nothing to {action}"
        target.append((g["entries"], list(g["marks"])))
        e, marks = source.pop()
        entries = list(e)
        said = f"{action} done"
    elif action == "hint":
        level = g["hint"]["level"] + 1 if g["hint"] else 1
        if level > 3:
            return "no more levels"
        g["hints"] += level == 1
        g["hint"] = {"level": level, "technique": "hidden single", "cells": ["r1c6"],
                     "text": ["Look for a hidden single in box 2.", "In box 2, digit 8 has only one place left.",
                              "r1c6 is the only cell of box 2 that can hold 8. So r1c6 is 8."][level - 1]}
        return hint_said(g["hint"])
    elif action == "check":
        g["checks"] += 1
        g["wrong"] = [f"r{k // 9 + 1}c{k % 9 + 1}" for k in range(81)
                      if entries[k] != "." and entries[k] != g["solution"][k]]
        return f"{len(g['wrong'])} wrong entries" if g["wrong"] else "no mistakes"
    else:
        return f"unknown action {action}"
    g["entries"], g["marks"] = "".join(entries), marks
    g["wrong"] = [w for w in g["wrong"] if g["entries"][cell_index(w)] != "."]
    filled = "".join(g["givens"][k] if g["givens"][k] != "." else g["entries"][k] for k in range(81))
    if filled == g["solution"] and not g["solved"]:
        g["solved"] = True
        g["summary"] = f"Solved in {int(time.time() - g['started'])} s with {g['hints']} hints and {g['checks']} checks."
    return said


def hint_said(h):
    return f"hint {h['level']} of 3 ({h['technique']}): {h['text']}"


def hint_svg(width, height):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
            f'<rect x="{int(width) * 5 / 9}" y="0" width="{int(width) / 9}" height="{int(height) / 9}" '
            f'fill="rgba(255,0,0,0.3)" stroke="red" stroke-width="3"/></svg>')


# ---------- HTTP ----------

class Handler(BaseHTTPRequestHandler):
    token, page, sudokit = "", DEFAULT_PAGE, ""

    def log_message(self, fmt, *args):
        if os.environ.get("MOCK_VERBOSE"):
            super().log_message(fmt, *args)

    def reply(self, status, body, kind="application/json"):
        data = body if isinstance(body, bytes) else (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def error(self, status, message):
        self.reply(status, {"error": message})

    def allowed(self, query):
        return self.headers.get("X-Sudokit-Token") == self.token or query.get("token", [None])[0] == self.token

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if not self.allowed(query):
            return self.error(403, "forbidden")
        parts = [p for p in url.path.split("/") if p]
        with LOCK:
            try:
                return self.dispatch(method, parts, query)
            except (KeyError, ValueError, IndexError) as e:
                return self.error(400, f"bad request: {e}")

    def dispatch(self, method, parts, query):
        if parts == [] and method == "GET":
            with open(self.page, "rb") as f:
                return self.reply(200, f.read(), "text/html; charset=utf-8")
        if parts[:1] != ["api"]:
            return self.error(404, "not found")
        rest = parts[1:]
        if rest == ["layout"]:
            return self.layout(query)
        if rest[:1] == ["photos"] or rest == ["scans"]:
            return self.photos(method, rest)
        if rest[:1] == ["games"]:
            return self.games(method, rest, query)
        return self.error(404, "not found")

    def layout(self, query):
        size = f"{int(query['width'][0])}x{int(query['height'][0])}"
        command = [self.sudokit, "layout", "--format", "json", size]
        if query.get("previous"):
            command += ["--previous", query["previous"][0]]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            return self.error(400, result.stderr.strip())
        return self.reply(200, result.stdout)

    def photos(self, method, rest):
        if rest == ["scans"] and method == "POST":
            records = [json.loads(line) for line in self.body().decode().splitlines() if line.strip()]
            out = []
            for r in records:
                pid = f"p{len(PHOTOS) + 1}"
                PHOTOS[pid] = {"id": pid, "name": os.path.basename(r.get("file", pid)), "status": r.get("status"),
                               "puzzle": r.get("puzzle"), "entries": r.get("entries"), "flagged": [], "settled": [],
                               "proven": r.get("status") == "solved", "corners": None, "blocked": None}
                out.append(photo_record(PHOTOS[pid]))
            return self.reply(200, {"photos": out})
        if rest == ["photos"] and method == "POST":
            data = self.body()
            size = image_size(data)
            if size is None:
                return self.error(415, "not an image")
            pid = f"p{len(PHOTOS) + 1}"
            PHOTOS[pid] = {"id": pid, "name": self.headers.get("X-File-Name", pid), "status": "queued", "data": data,
                           "width": size[0], "height": size[1], "flagged": [], "settled": [], "proven": False}
            threading.Thread(target=scan_later, args=(pid,), daemon=True).start()
            return self.reply(202, {"id": pid, "name": PHOTOS[pid]["name"], "status": "queued"})
        if rest == ["photos"]:
            photos = [photo_record(p) for p in PHOTOS.values()]
            count = lambda *s: sum(p["status"] in s for p in photos)
            return self.reply(200, {"photos": photos, "queued": count("queued"), "running": count("scanning"),
                                    "done": len(photos) - count("queued", "scanning")})
        p = PHOTOS.get(rest[1])
        if p is None:
            return self.error(404, "no such photo")
        tail = rest[2:]
        if tail == [] and method == "GET":
            return self.reply(200, photo_record(p))
        if tail == ["image"] and "data" in p:
            return self.reply(200, p["data"], "image/png" if p["data"].startswith(b"\x89PNG") else "image/jpeg")
        if tail == ["grid"]:
            return self.reply(200, png(450, 450), "image/png")
        if tail[:1] == ["cells"]:
            return self.reply(200, png(60, 60, 120), "image/png")
        if tail == ["settle"] and method == "POST":
            return self.reply(200, settle(p, json.loads(self.body())))
        if tail == ["save"] and method == "POST":
            if not p["proven"]:
                return self.error(409, "not proven")
            stem = os.path.splitext(p["name"])[0]
            return self.reply(200, {"puzzle": p["puzzle"], "files": [f"photos/{stem}.dat", f"photos/{stem}.givens.dat"]})
        return self.error(404, "not found")

    def games(self, method, rest, query):
        if rest == ["games"] and method == "POST":
            g = new_game(json.loads(self.body() or b"{}"))
            if g is None:
                return self.error(422, "the puzzle has not exactly one solution")
            return self.reply(201, game_record(g))
        g = GAMES.get(rest[1])
        if g is None:
            return self.error(404, "no such game")
        tail = rest[2:]
        if tail == []:
            return self.reply(200, game_record(g))
        if tail == ["action"] and method == "POST":
            said = game_action(g, json.loads(self.body()))
            return self.reply(200, {"game": game_record(g), "said": said})
        if tail == ["hint.svg"]:
            if not g["hint"]:
                return self.error(404, "no hint")
            return self.reply(200, hint_svg(query["width"][0], query["height"][0]), "image/svg+xml")
        return self.error(404, "not found")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--token", default="T")
    parser.add_argument("--page", default=DEFAULT_PAGE)
    parser.add_argument("--sudokit", default="/work/main/.build/release/sudokit")
    args = parser.parse_args()
    Handler.token, Handler.page, Handler.sudokit = args.token, args.page, args.sudokit
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"http://127.0.0.1:{server.server_address[1]}/?token={args.token}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
