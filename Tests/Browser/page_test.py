#!/usr/bin/python3
"""Browser test of the page of `sudokit serve`, in headless Chromium through Selenium.

Usage: page_test.py --url 'http://127.0.0.1:PORT/?token=T' --photo PHOTO --screenshots DIR [--only NAME...]

PHOTO must scan as unverified with one flagged cell that '.' settles (as
TestImages/synthetic/played/played-erased-1.jpg does). Scenarios: review,
play-to-end, hints, resize; each prints `ok NAME` or `FAIL NAME: why`; the exit
status is 1 when any failed. Needs Debian's python3-selenium and chromium-driver.
"""
import argparse
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
RESIZE_SIZES = [(300, 600), (390, 844), (600, 400), (800, 600), (1000, 700), (1400, 1000), (844, 390)]


class Failure(Exception):
    pass


def check(condition, why):
    if not condition:
        raise Failure(why)


class Page:
    def __init__(self, url, screenshots):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,800"):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.url, self.screenshots = url, screenshots
        self.set_size(1000, 800)
        self.driver.get(url)

    def quit(self):
        self.driver.quit()

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, predicate, why, timeout=10):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda _: predicate())
        except Exception as error:  # TimeoutException, or a stale element mid-render
            raise Failure(f"{why} (waited {timeout} s: {type(error).__name__})") from None

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def text(self, element_id):
        return self.js("return document.getElementById(arguments[0]).textContent", element_id)

    def visible(self, element_id):
        return self.js("const e = document.getElementById(arguments[0]);"
                       "return !!e && !e.hidden && e.offsetParent !== null && e.getClientRects().length > 0",
                       element_id)

    def screenshot(self, name):
        self.driver.save_screenshot(os.path.join(self.screenshots, name))

    def set_size(self, width, height):
        """The viewport exactly width x height CSS pixels (resize events fire as for a window)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.wait(lambda: self.js("return innerWidth + 'x' + innerHeight") == f"{width}x{height}",
                  f"the viewport never became {width}x{height}")

    def start_game(self, puzzle):
        self.driver.find_element(By.ID, "new-game").click()
        area = self.driver.find_element(By.ID, "puzzle-text")
        area.clear()
        area.send_keys(puzzle)
        self.driver.find_element(By.CSS_SELECTOR, "[data-start=puzzle]").click()
        self.wait(lambda: self.visible("board") and self.js("return document.body.dataset.layout") is not None,
                  "the board never appeared")
        self.wait(lambda: self.text("status").startswith("tier"), "no status line")
        self.js("document.getElementById('board').focus()")


# ---------- scenarios ----------

def review(page, photo):
    name = os.path.basename(photo)
    page.js("document.querySelector('[data-view=scan]').click()")
    page.driver.find_element(By.ID, "files").send_keys(os.path.abspath(photo))
    selector = "button[data-status=unverified]"

    def row():
        rows = [r for r in page.driver.find_elements(By.CSS_SELECTOR, selector) if name in r.text]
        return rows[-1] if rows else None
    found = page.wait(row, f"{name} never listed as unverified", timeout=60)
    check("unverified" in page.text("progress"), f"progress line: {page.text('progress')!r}")
    found.send_keys(Keys.ENTER)
    page.wait(lambda: page.visible("review-body"), "Review did not open")
    page.wait(lambda: page.js("return document.querySelectorAll('#flags li.current').length") == 1,
              "no current flagged cell")
    check(page.text("blocked") != "proven", "the photo is proven before settling")
    page.keys(".")
    page.wait(lambda: page.text("blocked") == "proven", f"not proven after '.': {page.text('blocked')!r}")
    page.keys("s")
    page.wait(lambda: ".dat" in page.text("saved"), f"no files reported: {page.text('saved')!r}")
    page.screenshot("review.png")
    for width, height in ((300, 600), (1400, 1000)):
        page.set_size(width, height)
        time.sleep(0.2)
        overflow = page.js("return document.documentElement.scrollWidth - innerWidth")
        check(overflow <= 0, f"Review at {width}x{height} overflows by {overflow} px")


def play_to_end(page, _photo):
    page.set_size(1000, 800)
    page.start_game(PUZZLE)
    for r in range(9):
        for c in range(9):
            if PUZZLE[r * 9 + c] == ".":
                page.keys(SOLUTION[r * 9 + c])
            page.keys(Keys.ARROW_RIGHT)
        page.keys(Keys.ARROW_DOWN)  # the cursor wrapped to column 1; down to the next row
    page.wait(lambda: page.text("summary").strip() != "", "no summary after the last digit", timeout=30)
    labels = page.js("return [...document.querySelectorAll('#board [role=gridcell]')].map(c => c.getAttribute('aria-label'))")
    check(labels[2] == "r1c3: 4", f"aria-label of r1c3: {labels[2]!r}")
    page.screenshot("solved.png")


def hints(page, _photo):
    page.set_size(1000, 800)
    page.start_game(PUZZLE)
    for level in (1, 2, 3):
        page.keys("?")
        page.wait(lambda: f"{level} of 3" in page.text("message"), f"no '{level} of 3': {page.text('message')!r}")
        if level >= 2:
            page.wait(lambda: hint_picture_over_board(page), f"no hint picture over the board at level {level}")
    page.screenshot("hint.png")


def hint_picture_over_board(page):
    return page.js("""
        const img = document.getElementById('hint-picture'), board = document.getElementById('board');
        if (img.hidden || !img.complete || img.naturalWidth === 0) return false;
        const a = img.getBoundingClientRect(), b = board.getBoundingClientRect();
        // The picture's own size is the board's, so its grid lies on the page's grid, not scaled.
        const own = Math.abs(img.naturalWidth - b.width) < 1 && Math.abs(img.naturalHeight - b.height) < 1;
        return own && ['left', 'top', 'width', 'height'].every((k) => Math.abs(a[k] - b[k]) < 1);""")


LAYOUT_PROBLEMS = """
    const problems = [], W = innerWidth, H = innerHeight, root = document.documentElement;
    if (root.scrollWidth > W) problems.push(`scrollWidth ${root.scrollWidth} > ${W}`);
    if (root.scrollHeight > H) problems.push(`scrollHeight ${root.scrollHeight} > ${H}`);
    for (const key of document.querySelectorAll('#keys button')) {
      const r = key.getBoundingClientRect();
      if (r.left < 0 || r.top < 0 || r.right > W + 0.5 || r.bottom > H + 0.5) problems.push(`key ${key.dataset.key} outside`);
      if (r.width < 44 - 0.5 || r.height < 44 - 0.5) problems.push(`key ${key.dataset.key} ${r.width}x${r.height}`);
    }
    const b = document.getElementById('board').getBoundingClientRect();
    if (Math.abs(b.width - b.height) > 0.5) problems.push(`board ${b.width}x${b.height}`);
    if (b.left < 0 || b.top < 0 || b.right > W + 0.5 || b.bottom > H + 0.5) problems.push('board outside');
    const p = document.getElementById('panel').getBoundingClientRect();
    if (p.right > W + 0.5 || p.bottom > H + 0.5) problems.push('panel outside');
    return problems;"""


def resize(page, _photo):
    page.start_game(PUZZLE)
    for width, height in RESIZE_SIZES:
        settle_layout(page, width, height)
        problems = page.js(LAYOUT_PROBLEMS)
        check(not problems, f"{width}x{height}: {'; '.join(problems)}")
        if (width, height) == (390, 844):
            page.screenshot("play-390x844.png")
    settle_layout(page, 700, 900)
    before = page.js("return document.body.dataset.arrangement")
    settle_layout(page, 1200, 700)
    after = page.js("return document.body.dataset.arrangement")
    check(before != after, f"the arrangement stayed {before} from 700x900 to 1200x700")
    check(not page.js(LAYOUT_PROBLEMS), "1200x700: " + "; ".join(page.js(LAYOUT_PROBLEMS)))
    page.screenshot("play-1200x700.png")


def settle_layout(page, width, height):
    page.set_size(width, height)
    page.wait(lambda: page.js("return document.body.dataset.layout") == f"{width}x{height}",
              f"no layout for {width}x{height}")
    time.sleep(0.1)  # the frame after the layout's render


SCENARIOS = {"review": review, "play-to-end": play_to_end, "hints": hints, "resize": resize}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--photo", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--only", nargs="*", choices=list(SCENARIOS), help="run only these scenarios")
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    failed = 0
    for name in args.only or SCENARIOS:
        page = Page(args.url, args.screenshots)
        try:
            SCENARIOS[name](page, args.photo)
            errors = [e for e in page.driver.get_log("browser") if e["level"] == "SEVERE"]
            check(not errors, f"console errors: {errors[:3]}")
            print(f"ok {name}", flush=True)
        except Failure as failure:
            failed += 1
            print(f"FAIL {name}: {failure}", flush=True)
            page.screenshot(f"failed-{name}.png")
        except Exception as error:
            failed += 1
            print(f"FAIL {name}: {type(error).__name__}: {error}".splitlines()[0], flush=True)
        finally:
            page.quit()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
