#!/usr/bin/env bash
# `chariot serve` in a real browser: headless Chromium, driven through
# chromedriver's WebDriver HTTP API (python3, standard library only), opens
# the page, waits for the analysis lines, makes a move by clicking a piece
# and its target square, sees the lines deepen, loads a PGN, switches the
# notation to ICCS and back, previews a line by hovering it, plays a move
# against the engine and sees its answer, annotates a game with a blunder
# (the progress bar, the marks, the graph), goes to a move by clicking the
# graph, and saves a screenshot.
#
#   scripts/browser-check.sh [--screenshot FILE.png] [--chariot BINARY]
#
# Default screenshot: docs/images/serve.png; default binary:
# target/release/chariot (built when missing). Needs chromium and
# chromedriver (Debian: chromium, chromium-driver) and python3; it installs
# nothing: where one is missing it prints SKIPPED with the reason and exits
# 0. The pieces' characters need a CJK font (Debian: fonts-noto-cjk); without
# one it warns, as the screenshot would show empty boxes.
set -euo pipefail
cd "$(dirname "$0")/.."
SHOT="docs/images/serve.png"
CHARIOT="target/release/chariot"
while [ $# -gt 0 ]; do
    case "$1" in
        --screenshot) SHOT="$2"; shift 2 ;;
        --chariot) CHARIOT="$2"; shift 2 ;;
        *) echo "usage: $0 [--screenshot FILE.png] [--chariot BINARY]" >&2; exit 2 ;;
    esac
done

browser=""
for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null; then browser="$(command -v "$b")"; break; fi
done
[ -n "$browser" ] || { echo "SKIPPED: no chromium (Debian package chromium)"; exit 0; }
command -v chromedriver >/dev/null || { echo "SKIPPED: no chromedriver (Debian package chromium-driver)"; exit 0; }
command -v python3 >/dev/null || { echo "SKIPPED: no python3"; exit 0; }
if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=zh 2>/dev/null | head -n 1)" ]; then
    echo "warning: no Chinese font (Debian package fonts-noto-cjk): the pieces will show boxes"
fi
if [ ! -x "$CHARIOT" ]; then
    cargo build --release -q -p chariot --bin chariot
fi

work="$(mktemp -d)"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

"$CHARIOT" serve --port 0 --threads 1 --hash 64 --multipv 3 >"$work/serve.out" 2>&1 &
pids+=($!)
url=""
for _ in $(seq 100); do
    url="$(sed -n 's/^chariot serve: \(http:[^ ]*\).*/\1/p' "$work/serve.out" | head -n 1)"
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { echo "chariot serve did not start:"; cat "$work/serve.out"; exit 1; }

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
chromedriver --port="$port" >"$work/driver.log" 2>&1 &
pids+=($!)

mkdir -p "$(dirname "$SHOT")"
python3 - "$url" "$port" "$browser" "$SHOT" <<'PY'
import base64, json, sys, time, urllib.request

url, port, browser, shot = sys.argv[1:5]
driver = f"http://127.0.0.1:{port}"

class Stale(Exception):
    """The page drew the element anew (it does at every update)."""

def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(driver + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.load(r)["value"]
    except urllib.error.HTTPError as e:
        text = e.read().decode()
        if "stale element" in text:
            raise Stale()
        raise SystemExit(f"WebDriver {method} {path}: {text[:500]}")

for _ in range(100):
    try:
        call("GET", "/status")
        break
    except Exception:
        time.sleep(0.1)

args = ["--headless=new", "--disable-gpu", "--window-size=1280,960", "--hide-scrollbars"]
import os
if os.geteuid() == 0:
    args.append("--no-sandbox")
session = call("POST", "/session", {"capabilities": {"alwaysMatch": {
    "browserName": "chrome",
    "goog:chromeOptions": {"binary": browser, "args": args}}}})["sessionId"]
s = f"/session/{session}"

def js(script, *a):
    return call("POST", s + "/execute/sync", {"script": script, "args": list(a)})

def find(css):
    return call("POST", s + "/element", {"using": "css selector", "value": css})

def click(css):
    for _ in range(20):
        el = find(css)
        try:
            call("POST", f"{s}/element/{next(iter(el.values()))}/click", {})
            return
        except Stale:
            time.sleep(0.05)
    raise SystemExit(f"FAILED: could not click {css}")

def hover(css):
    """Moves the mouse onto the element's middle (None: the page's corner)."""
    x, y = 5, 5
    if css is not None:
        x, y = js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                  "return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]", css)
    call("POST", s + "/actions", {"actions": [{
        "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
        "actions": [{"type": "pointerMove", "duration": 50, "origin": "viewport", "x": x, "y": y}]}]})

def wait(what, script, timeout=90):
    end = time.time() + timeout
    while time.time() < end:
        v = js(script)
        if v:
            return v
        time.sleep(0.2)
    raise SystemExit(f"FAILED: {what} did not happen in {timeout} s")

def depth():
    return int(js("return Number(document.getElementById('s-depth').textContent) || 0"))

try:
    call("POST", s + "/url", {"url": url})
    wait("the steering role", "return document.getElementById('role').textContent === 'steering'")
    wait("the analysis lines", "return document.querySelectorAll('#lines li').length >= 1")
    print("page up, lines shown, depth", depth())
    # A move by clicking: the cannon on h2, then the dot on e2.
    click('.piece[data-sq="h2"]')
    wait("the targets of the chosen piece", "return !!document.querySelector('#overlay [data-sq=\"e2\"]')")
    click('#overlay [data-sq="e2"]')
    wait("the move in the list", "return document.getElementById('moves').textContent.includes('炮二平五')")
    wait("fresh lines", "return document.querySelectorAll('#lines li').length >= 1 && Number(document.getElementById('s-depth').textContent) > 0")
    d1 = depth()
    wait("deeper lines", f"return Number(document.getElementById('s-depth').textContent) > {d1}")
    print(f"moved by clicking: 炮二平五; the lines deepened past depth {d1}")
    # A PGN, then the notation switched.
    js("document.getElementById('io').open = true")
    js("document.getElementById('pgn').value = arguments[0]", "1. H2-E2 H9-G7 2. H0-G2 *")
    click("#load-pgn")
    wait("the PGN's moves", "return document.getElementById('moves').textContent.includes('马二进三')")
    click('#notation option[value="iccs"]')
    wait("ICCS moves", "return document.getElementById('moves').textContent.includes('h0g2')")
    click('#notation option[value="chinese"]')
    wait("Chinese moves", "return document.getElementById('moves').textContent.includes('马８进７')")
    print("loaded a PGN; notation switched to ICCS and back")
    # Take-back and flip.
    click("#undo")
    wait("the take-back", "return !document.getElementById('moves').textContent.includes('马二进三')")
    click("#flip")
    wait("the board turned", "return document.querySelector('.piece[data-sq=\"a0\"]').getAttribute('transform').startsWith('translate(530,')")
    click("#flip")
    wait("the board turned back", "return document.querySelector('.piece[data-sq=\"a0\"]').getAttribute('transform').startsWith('translate(50,')")
    # A move by dragging: the horse from h0 to g2.
    # Board coordinates (squares of 60, margins 50 and 62, Red below) on the screen.
    screen = ("const svg = document.getElementById('board'); const p = svg.createSVGPoint();"
              "p.x = arguments[0]; p.y = arguments[1]; const q = p.matrixTransform(svg.getScreenCTM());"
              "return [Math.round(q.x), Math.round(q.y)]")
    x0, y0 = js(screen, 50 + 7 * 60, 62 + 9 * 60)  # h0
    x1, y1 = js(screen, 50 + 6 * 60, 62 + 7 * 60)  # g2
    call("POST", s + "/actions", {"actions": [{
        "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
        "actions": [
            {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x0, "y": y0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "duration": 150, "origin": "viewport", "x": (x0 + x1) // 2, "y": (y0 + y1) // 2},
            {"type": "pointerMove", "duration": 150, "origin": "viewport", "x": x1, "y": y1},
            {"type": "pointerUp", "button": 0}]}]})
    call("DELETE", s + "/actions")
    wait("the dragged move", "return document.getElementById('moves').textContent.includes('马二进三')")
    print("took a move back, flipped the board and back, moved by dragging")
    wait("three lines", "return document.querySelectorAll('#lines li').length >= 3")
    d2 = depth()
    wait("the lines deepening", f"return Number(document.getElementById('s-depth').textContent) > {d2}")
    # A PV previewed on the board: hovering its third move shows the
    # position after it, with an arrow.
    hover('#lines li:first-child .pv span[data-index="2"]')
    wait("the PV preview", "return document.getElementById('board').classList.contains('previewing') && !!document.querySelector('#overlay .arrow')")
    hover(None)
    wait("the board back", "return !document.getElementById('board').classList.contains('previewing')")
    print("a PV previews on the board when hovered")
    # A game against the engine: a new game, Red for the person at level 5;
    # a move by clicking, and the engine's answer. The lines are hidden.
    def choose(select_id, value):
        js("const e = document.getElementById(arguments[0]); e.value = arguments[1];"
           "e.dispatchEvent(new Event('change'))", select_id, value)
    click("#new")
    wait("the new game", "return document.querySelectorAll('#moves li.move').length === 0")
    choose("mode", "play")
    wait("the play options", "return !document.getElementById('play-options').hidden")
    choose("human", "red")
    choose("strength", "level:5")
    click("#start-play")
    wait("play mode", "return document.getElementById('play-info').textContent.includes('You play Red')")
    wait("the lines hidden", "return document.getElementById('lines').hidden")
    click('.piece[data-sq="h2"]')
    wait("the targets of the chosen piece", "return !!document.querySelector('#overlay [data-sq=\"e2\"]')")
    click('#overlay [data-sq="e2"]')
    wait("the engine's answer", "return document.querySelectorAll('#moves li.move').length === 2")
    answer = js("return document.querySelectorAll('#moves li.move')[1].textContent")
    wait("the person's turn again", "return document.getElementById('status').textContent.includes('your move')")
    print(f"played 炮二平五 against the engine at level 5; it answered {answer}; the lines stayed hidden")
    choose("mode", "analyse")
    wait("the lines again", "return !document.getElementById('lines').hidden && document.querySelectorAll('#lines li').length >= 1")
    # A game with a blunder (2. E2-E6??, the cannon lost for a pawn),
    # annotated half a second a position: the progress bar, the marks, the
    # better line, the graph.
    js("document.getElementById('io').open = true")
    js("document.getElementById('pgn').value = arguments[0]",
       "1. H2-E2 H9-G7 2. E2-E6 G7-E6 3. H0-G2 I9-H9 4. I0-H0 *")
    click("#load-pgn")
    wait("the game", "return document.querySelectorAll('#moves li.move').length === 7")
    js("document.getElementById('io').open = false")
    choose("annotate-time", "500")
    click("#annotate")
    wait("the progress bar", "return !document.getElementById('annotate-progress').hidden && document.getElementById('annotate-progress').value >= 1")
    print("annotating:", js("return document.getElementById('annotate-text').textContent"))
    wait("the annotation's end", "return document.getElementById('annotate-progress').hidden && document.querySelectorAll('#graph .point').length === 8")
    marks = js("return [...document.querySelectorAll('#moves .mark')].map(m => m.parentElement.textContent)")
    if not any("炮五进四" in m and "?" in m for m in marks):
        raise SystemExit(f"FAILED: the blunder 炮五进四 is not marked: {marks}")
    wait("the better line", "return document.querySelectorAll('#moves .better').length >= 1")
    print("annotated: marks", marks, "; better:", js("return document.querySelector('#moves .better').textContent"))
    # A point of the graph takes the board to that move: the blunder.
    x, y = js("const c = document.querySelector('#graph .point[data-ply=\"3\"]').getBoundingClientRect();"
              "return [Math.round(c.x + c.width / 2), Math.round(c.y + c.height / 2)]")
    call("POST", s + "/actions", {"actions": [{
        "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
        "actions": [
            {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
    call("DELETE", s + "/actions")
    wait("the board at the blunder", "return document.querySelector('#moves .current') && document.querySelector('#moves .current').dataset.ply === '3'")
    wait("the lines of that position", "return document.querySelectorAll('#lines li').length >= 3 && Number(document.getElementById('s-depth').textContent) >= 8")
    hover(None)
    print("a point of the graph took the board to the blunder; its lines:", depth())
    js("window.scrollTo(0, 0)")
    png = base64.b64decode(call("GET", s + "/screenshot"))
    with open(shot, "wb") as f:
        f.write(png)
    print(f"screenshot: {shot} ({len(png)} bytes), depth {depth()}")
finally:
    call("DELETE", s)
PY
echo "browser check: passed"
