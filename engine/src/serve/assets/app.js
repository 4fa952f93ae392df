// The analysis board of `chariot serve`. The server holds the game and the
// analysis; this page draws them, and sends the steering browser's moves
// and commands over the WebSocket (messages: docs/web.md).
"use strict";
(() => {
  // The board: squares of 60, margins for the pieces on the edge lines and
  // the file numbers beyond them.
  const SQ = 60, MX = 50, MY = 62, W = 8 * SQ + 2 * MX, H = 9 * SQ + 2 * MY;
  const NS = "http://www.w3.org/2000/svg";
  const FILES = "abcdefghi";
  const NAMES = {
    K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
    k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒",
  };
  const RED_NUMERALS = "九八七六五四三二一";
  const BLACK_DIGITS = "１２３４５６７８９";

  let state = null;
  let role = "watch";
  let flipped = localStorage.getItem("chariot-flipped") === "1";
  let notation = localStorage.getItem("chariot-notation") || "chinese";
  let selected = null;   // the square of the chosen piece, e.g. "h2"
  let drag = null;       // {from, el, moved}
  let hover = null;      // {line, index}: the PV move previewed
  let ws = null;
  let retry = 500;
  let showLines = localStorage.getItem("chariot-show-lines") === "1";
  let wantPlay = false;  // "play" chosen in the mode menu, not yet started

  const $ = (id) => document.getElementById(id);
  const svg = $("board");

  // A token in the address was checked by the server, which gave the page
  // a cookie: take it out of the address bar.
  if (new URLSearchParams(location.search).has("token")) {
    history.replaceState(null, "", location.pathname);
  }

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // ---- positions ----------------------------------------------------------

  function parseFen(fen) {
    const board = new Array(90).fill(null);
    const ranks = fen.split(" ")[0].split("/");
    ranks.forEach((row, i) => {
      const rank = 9 - i;
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) { file += Number(ch); continue; }
        let p = ch;
        if (p === "E" || p === "e") p = p === "E" ? "B" : "b";
        if (p === "H" || p === "h") p = p === "H" ? "N" : "n";
        if (file < 9 && rank >= 0) board[rank * 9 + file] = p;
        file++;
      }
    });
    return board;
  }
  const index = (sq) => Number(sq[1]) * 9 + FILES.indexOf(sq[0]);
  const isRed = (p) => p === p.toUpperCase();

  function applyMove(board, mv) {
    const b = board.slice();
    b[index(mv.slice(2, 4))] = b[index(mv.slice(0, 2))];
    b[index(mv.slice(0, 2))] = null;
    return b;
  }

  function xy(file, rank) {
    return flipped ? [MX + (8 - file) * SQ, MY + rank * SQ] : [MX + file * SQ, MY + (9 - rank) * SQ];
  }
  const sqXY = (sq) => xy(FILES.indexOf(sq[0]), Number(sq[1]));

  function squareAt(evt) {
    const pt = svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    let file = Math.round((p.x - MX) / SQ), row = Math.round((p.y - MY) / SQ);
    if (file < 0 || file > 8 || row < 0 || row > 9) return null;
    if (flipped) file = 8 - file;
    const rank = flipped ? row : 9 - row;
    return FILES[file] + rank;
  }

  // ---- the board ----------------------------------------------------------

  function drawGrid() {
    svg.textContent = "";
    const defs = el("defs", {}, svg);
    const grad = el("linearGradient", { id: "wood", x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
    el("stop", { offset: "0", "stop-color": "#f0cf8f" }, grad);
    el("stop", { offset: "1", "stop-color": "#dcb06a" }, grad);
    const marker = el("marker", { id: "arrowhead", markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: "auto" }, defs);
    el("path", { d: "M0,0 L4,2 L0,4 z", fill: "#1565c0" }, marker);
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    el("rect", { x: 0, y: 0, width: W, height: H, fill: "url(#wood)" }, svg);
    const g = el("g", { class: "grid" }, svg);
    const line = (f1, r1, f2, r2, cls) => {
      const [x1, y1] = xy(f1, r1), [x2, y2] = xy(f2, r2);
      const l = el("line", { x1, y1, x2, y2 }, g);
      if (cls) l.setAttribute("class", cls);
    };
    el("rect", { class: "frame", x: MX - 8, y: MY - 8, width: 8 * SQ + 16, height: 9 * SQ + 16, fill: "none", stroke: "#3b2a14", "stroke-width": 3.5 }, g);
    for (let r = 0; r <= 9; r++) line(0, r, 8, r);
    line(0, 0, 0, 9); line(8, 0, 8, 9);
    for (let f = 1; f < 8; f++) { line(f, 0, f, 4); line(f, 5, f, 9); }
    // The palaces' diagonals.
    line(3, 0, 5, 2); line(5, 0, 3, 2); line(3, 7, 5, 9); line(5, 7, 3, 9);
    // The marks where cannons and pawns start.
    const points = [[1, 2], [7, 2], [1, 7], [7, 7]];
    for (const f of [0, 2, 4, 6, 8]) points.push([f, 3], [f, 6]);
    for (const [f, r] of points) {
      const [x, y] = xy(f, r);
      for (const dx of [-1, 1]) {
        if ((x + dx * 10 < MX) || (x + dx * 10 > MX + 8 * SQ)) continue;
        for (const dy of [-1, 1]) {
          const ax = x + dx * 5, ay = y + dy * 5;
          el("polyline", { points: `${ax + dx * 10},${ay} ${ax},${ay} ${ax},${ay + dy * 10}` }, g);
        }
      }
    }
    // The river.
    const ry = MY + 4.5 * SQ;
    const river = (text, cx) => {
      const t = el("text", { class: "river", x: cx, y: ry, "text-anchor": "middle", "dominant-baseline": "central" }, svg);
      t.textContent = text;
    };
    river("楚 河", MX + 2 * SQ);
    river("漢 界", MX + 6 * SQ);
    // File numbers: Red counts from its right (九..一), Black from its own.
    for (let f = 0; f < 9; f++) {
      const [x] = xy(f, 0);
      const bottom = el("text", { class: "coord", x, y: MY + 9 * SQ + 50, "text-anchor": "middle" }, svg);
      const top = el("text", { class: "coord", x, y: MY - 38, "text-anchor": "middle" }, svg);
      if (notation === "iccs") {
        bottom.textContent = FILES[f];
        top.textContent = FILES[f];
      } else {
        const red = RED_NUMERALS[f], black = BLACK_DIGITS[f];
        bottom.textContent = flipped ? black : red;
        top.textContent = flipped ? red : black;
      }
    }
    if (notation === "iccs") {
      for (let r = 0; r <= 9; r++) {
        const [, y] = xy(0, r);
        const t = el("text", { class: "coord", x: 13, y: y + 5, "text-anchor": "middle" }, svg);
        t.textContent = r;
      }
    }
    el("g", { id: "marks" }, svg);
    el("g", { id: "pieces" }, svg);
    el("g", { id: "overlay" }, svg);
  }

  function drawPiece(parent, sq, p) {
    const [x, y] = sqXY(sq);
    const red = isRed(p);
    const mine = mayMove() && (red ? "red" : "black") === state.side;
    const g = el("g", { class: `piece ${red ? "red" : "black"}${mine ? " mine" : ""}${sq === selected ? " selected" : ""}`, transform: `translate(${x},${y})`, "data-sq": sq }, parent);
    el("circle", { class: "outer", r: 27 }, g);
    el("circle", { class: "inner", r: 23 }, g);
    const t = el("text", { y: 1 }, g);
    t.textContent = NAMES[p] || "?";
    return g;
  }

  function drawPosition() {
    const marks = $("marks"), pieces = $("pieces"), overlay = $("overlay");
    if (!marks || !state) return;
    marks.textContent = ""; pieces.textContent = ""; overlay.textContent = "";
    let board = parseFen(state.fen);
    let arrow = null;
    const line = hover && state.lines.find((l) => l.multipv === hover.line);
    svg.classList.toggle("previewing", !!line);
    svg.classList.toggle("steer", role === "steer");
    if (line) {
      const upto = Math.min(hover.index, line.pv.length - 1);
      for (let i = 0; i <= upto; i++) board = applyMove(board, line.pv[i]);
      arrow = line.pv[upto];
    } else if (state.ply > 0) {
      const last = state.moves[state.ply - 1].iccs;
      for (const sq of [last.slice(0, 2), last.slice(2, 4)]) {
        const [x, y] = sqXY(sq);
        el("rect", { class: "last", x: x - 29, y: y - 29, width: 58, height: 58, rx: 6 }, marks);
      }
    }
    for (let i = 0; i < 90; i++) {
      if (board[i]) drawPiece(pieces, FILES[i % 9] + Math.floor(i / 9), board[i]);
    }
    if (!line && selected) {
      for (const mv of state.legal) {
        if (!mv.startsWith(selected)) continue;
        const to = mv.slice(2, 4), [x, y] = sqXY(to);
        if (board[index(to)]) el("circle", { class: "target-capture", cx: x, cy: y, r: 29, "data-sq": to }, overlay);
        else el("circle", { class: "target", cx: x, cy: y, r: 9, "data-sq": to }, overlay);
      }
    }
    if (arrow) {
      const [x1, y1] = sqXY(arrow.slice(0, 2)), [x2, y2] = sqXY(arrow.slice(2, 4));
      const len = Math.hypot(x2 - x1, y2 - y1) || 1, k = (len - 26) / len;
      el("line", { class: "arrow", x1, y1, x2: x1 + (x2 - x1) * k, y2: y1 + (y2 - y1) * k }, overlay);
    }
  }

  // ---- moving pieces ------------------------------------------------------

  // May the person move now? Not while annotating; in a game against the
  // engine only on their own turn while the game goes on.
  function mayMove() {
    if (!state || role !== "steer" || state.annotating) return false;
    if (state.mode === "play") {
      return !state.play.thinking && !state.result && state.side === state.play.human;
    }
    return true;
  }

  function ownPieceAt(sq) {
    if (!mayMove() || !sq) return false;
    const p = parseFen(state.fen)[index(sq)];
    return !!p && (isRed(p) ? "red" : "black") === state.side;
  }

  function tryMove(from, to) {
    const mv = from + to;
    selected = null;
    if (state.legal.includes(mv)) send({ type: "move", move: mv });
    else note("that move is not legal here", true);
    drawPosition();
  }

  svg.addEventListener("pointerdown", (e) => {
    if (hover) return;
    const sq = squareAt(e);
    if (ownPieceAt(sq)) {
      selected = sq;
      drawPosition();
      const piece = svg.querySelector(`.piece[data-sq="${sq}"]`);
      drag = { from: sq, el: piece, moved: false, x: e.clientX, y: e.clientY };
      svg.setPointerCapture(e.pointerId);
    } else if (selected && sq) {
      tryMove(selected, sq);
    } else {
      selected = null;
      drawPosition();
    }
  });
  svg.addEventListener("pointermove", (e) => {
    if (!drag) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
    drag.moved = true;
    const pt = svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    drag.el.setAttribute("transform", `translate(${p.x},${p.y})`);
    drag.el.classList.add("dragging");
    $("pieces").appendChild(drag.el);
  });
  svg.addEventListener("pointerup", (e) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    const sq = squareAt(e);
    if (d.moved && sq && sq !== d.from) tryMove(d.from, sq);
    else drawPosition();
  });

  // ---- the panels ---------------------------------------------------------

  const fmt = (n) => n >= 1e9 ? (n / 1e9).toFixed(2) + " G" : n >= 1e6 ? (n / 1e6).toFixed(2) + " M" : n >= 1e3 ? (n / 1e3).toFixed(1) + " k" : String(n);

  function moveText(m) { return notation === "chinese" ? m.chinese : m.iccs; }

  // While playing, the lines are hidden unless asked for.
  const linesShown = () => !state || state.mode !== "play" || showLines;

  function drawLines() {
    const ol = $("lines");
    ol.textContent = "";
    ol.hidden = !linesShown();
    $("stats").hidden = !linesShown();
    if (ol.hidden) return;
    for (const line of state.lines) {
      const li = document.createElement("li");
      li.dataset.line = line.multipv;
      const head = document.createElement("div");
      head.className = "head";
      const score = document.createElement("span");
      score.className = "score " + (line.cp > 0 ? "good" : line.cp < 0 ? "bad" : "");
      score.textContent = line.text + (line.bound === "lower" ? "↑" : line.bound === "upper" ? "↓" : "");
      score.title = "Red's view (a horse is about 1.00)";
      const depth = document.createElement("span");
      depth.className = "depth";
      depth.textContent = `depth ${line.depth}/${line.seldepth}`;
      const bar = document.createElement("span");
      bar.className = "wdl";
      bar.title = `Red wins ${line.wdl[0] / 10}%, draw ${line.wdl[1] / 10}%, Black wins ${line.wdl[2] / 10}%`;
      for (const w of line.wdl) {
        const s = document.createElement("span");
        s.style.width = (w / 10) + "%";
        bar.appendChild(s);
      }
      const wdlText = document.createElement("span");
      wdlText.className = "wdl-text";
      wdlText.textContent = `W ${(line.wdl[0] / 10).toFixed(1)} D ${(line.wdl[1] / 10).toFixed(1)} L ${(line.wdl[2] / 10).toFixed(1)}`;
      head.append(score, depth, bar, wdlText);
      const pv = document.createElement("div");
      pv.className = "pv";
      const words = notation === "chinese" ? line.pv_chinese : line.pv;
      words.forEach((w, i) => {
        const s = document.createElement("span");
        s.textContent = w;
        s.dataset.index = i;
        pv.append(s, " ");
      });
      li.append(head, pv);
      ol.appendChild(li);
    }
  }

  $("lines").addEventListener("mouseover", (e) => {
    const li = e.target.closest("li");
    if (!li) return;
    const span = e.target.closest(".pv span");
    const next = { line: Number(li.dataset.line), index: span ? Number(span.dataset.index) : 0 };
    if (!hover || hover.line !== next.line || hover.index !== next.index) {
      hover = next;
      drawPosition();
    }
  });
  $("lines").addEventListener("mouseleave", () => { hover = null; drawPosition(); });

  function markClass(mark) {
    return mark === "??" ? "blunder" : mark === "?" ? "mistake" : "dubious";
  }

  function drawMoves() {
    const ol = $("moves");
    ol.textContent = "";
    const startBlack = state.start_fen.split(" ")[1] === "b";
    let number = Number(state.start_fen.split(" ")[5]) || 1;
    const cells = [];
    if (startBlack && state.moves.length) cells.push(null);
    state.moves.forEach((m, i) => cells.push({ m, i }));
    let current = null;
    for (let k = 0; k < cells.length; k += 2) {
      const num = document.createElement("li");
      num.className = "num";
      num.textContent = number++ + ".";
      ol.appendChild(num);
      const notes = [];
      for (const c of [cells[k], cells[k + 1]]) {
        const li = document.createElement("li");
        if (c) {
          li.textContent = moveText(c.m);
          li.dataset.ply = c.i + 1;
          li.className = "move" + (c.i + 1 === state.ply ? " current" : c.i >= state.ply ? " future" : "");
          if (c.i + 1 === state.ply) current = li;
          if (c.m.mark) {
            const mk = document.createElement("span");
            mk.className = "mark " + markClass(c.m.mark);
            mk.textContent = c.m.mark;
            li.appendChild(mk);
          }
          const sc = state.scores[c.i + 1];
          if (sc) li.title = `${sc.text} (depth ${sc.depth})`;
          if (c.m.better) notes.push(c);
        } else if (k === 0 && startBlack) {
          li.textContent = "…";
        }
        ol.appendChild(li);
      }
      for (const c of notes) {
        const li = document.createElement("li");
        li.className = "better";
        const words = notation === "chinese" ? c.m.better.pv_chinese : c.m.better.pv;
        li.textContent = `${moveText(c.m)}${c.m.mark}  better ${words.slice(0, 8).join(" ")}${words.length > 8 ? " …" : ""} (${c.m.better.text})`;
        ol.appendChild(li);
      }
    }
    // Keep the board's move in view (the list only: never the page).
    if (current) {
      const top = current.offsetTop, bottom = top + current.offsetHeight;
      if (top < ol.scrollTop || bottom > ol.scrollTop + ol.clientHeight) ol.scrollTop = top - ol.clientHeight / 2;
    } else if (state.ply === 0) {
      ol.scrollTop = 0;
    }
  }

  $("moves").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-ply]");
    if (li && role === "steer") send({ type: "goto", ply: Number(li.dataset.ply) });
  });

  // ---- the evaluation graph -----------------------------------------------

  // Red's score on a scale that keeps small differences visible and large
  // ones on the chart: tanh of pawns / 4 (mates at the edge).
  const GW = 460, GH = 150, GL = 34, GR = 8, GT = 8, GB = 18;
  function graphY(score) {
    const v = score.mate !== null && score.mate !== undefined ? Math.sign(score.mate || 1) : Math.tanh(score.cp / 400);
    return GT + (1 - v) / 2 * (GH - GT - GB);
  }
  function graphX(i, n) {
    return GL + (n > 1 ? i * (GW - GL - GR) / (n - 1) : (GW - GL - GR) / 2);
  }

  function drawGraph() {
    const g = $("graph");
    g.textContent = "";
    const n = state.scores.length;
    const zero = graphY({ cp: 0, mate: null });
    // Red's advantage above the zero line in red, Black's below in black.
    const defs = el("defs", {}, g);
    el("rect", { x: 0, y: 0, width: GW, height: zero }, el("clipPath", { id: "above" }, defs));
    el("rect", { x: 0, y: zero, width: GW, height: GH }, el("clipPath", { id: "below" }, defs));
    el("rect", { class: "bg", x: GL, y: GT, width: GW - GL - GR, height: GH - GT - GB }, g);
    for (const pawns of [-5, -2, 0, 2, 5]) {
      const y = graphY({ cp: pawns * 100, mate: null });
      el("line", { class: pawns === 0 ? "zero" : "grid", x1: GL, y1: y, x2: GW - GR, y2: y }, g);
      const t = el("text", { class: "label", x: GL - 4, y: y + 4, "text-anchor": "end" }, g);
      t.textContent = pawns > 0 ? "+" + pawns : String(pawns);
    }
    // Runs of known scores: an area to the zero line, and the line.
    let run = [];
    const flush = () => {
      if (run.length > 1) {
        const pts = run.map(([x, y]) => `${x},${y}`).join(" ");
        const area = `${run[0][0]},${zero} ${pts} ${run[run.length - 1][0]},${zero}`;
        el("polygon", { class: "area red", points: area, "clip-path": "url(#above)" }, g);
        el("polygon", { class: "area black", points: area, "clip-path": "url(#below)" }, g);
        el("polyline", { class: "curve", points: pts }, g);
      }
      run = [];
    };
    state.scores.forEach((sc, i) => {
      if (sc) run.push([graphX(i, n), graphY(sc)]);
      else flush();
    });
    flush();
    const cx = graphX(state.ply, n);
    el("line", { class: "cursor", x1: cx, y1: GT, x2: cx, y2: GH - GB }, g);
    state.scores.forEach((sc, i) => {
      if (!sc) return;
      const mark = i > 0 && state.moves[i - 1].mark;
      const c = el("circle", { class: "point" + (i === state.ply ? " current" : "") + (mark ? " " + markClass(mark) : ""), cx: graphX(i, n), cy: graphY(sc), r: i === state.ply ? 4.5 : 3, "data-ply": i }, g);
      const title = el("title", {}, c);
      title.textContent = (i === 0 ? "start" : `after ${moveText(state.moves[i - 1])}${mark || ""}`) + `: ${sc.text}`;
    });
    const t = el("text", { class: "label", x: GW - GR, y: GH - 4, "text-anchor": "end" }, g);
    t.textContent = `${n - 1} ${n === 2 ? "ply" : "plies"}`;
  }

  $("graph").addEventListener("click", (e) => {
    if (!state || role !== "steer") return;
    const pt = $("graph").createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform($("graph").getScreenCTM().inverse());
    const n = state.scores.length;
    const ply = n > 1 ? Math.round((p.x - GL) / ((GW - GL - GR) / (n - 1))) : 0;
    send({ type: "goto", ply: Math.max(0, Math.min(n - 1, ply)) });
  });

  function drawStats() {
    $("s-depth").textContent = state.depth || "-";
    $("s-nodes").textContent = state.nodes ? fmt(state.nodes) : "-";
    $("s-nps").textContent = state.nps ? fmt(state.nps) : "-";
    $("s-hash").textContent = (state.hashfull / 10).toFixed(1) + "%";
    $("s-time").textContent = (state.time_ms / 1000).toFixed(1) + " s";
    $("s-engine").textContent = `${state.threads} thread${state.threads === 1 ? "" : "s"}, ${state.hash_mb} MB`;
    const side = state.side === "red" ? "Red" : "Black";
    let text = state.status || `${side} to move${state.in_check ? ": check" : ""}`;
    if (!state.status && state.mode === "play") {
      text += state.play.thinking ? " (the engine is thinking)" : state.side === state.play.human ? " (your move)" : "";
    } else if (!state.status && !state.analysing && !state.annotating) {
      text += " (analysis stopped)";
    }
    $("status").textContent = text;
    $("status").classList.toggle("over", !!state.result);
  }

  function strengthText(p) {
    return p.level !== null ? `level ${p.level}` : `${p.movetime_ms / 1000} s a move`;
  }

  function drawPlay() {
    const playing = state.mode === "play";
    $("mode").value = playing || wantPlay ? "play" : "analyse";
    $("play-options").hidden = !(playing || wantPlay);
    $("show-lines-label").hidden = !playing;
    $("show-lines").checked = showLines;
    $("start-play").textContent = playing ? "New settings" : "Start";
    const info = $("play-info");
    if (!playing) {
      info.textContent = wantPlay ? "Choose your side and the engine's strength, then Start: the game goes on from the position on the board." : "";
      return;
    }
    const p = state.play;
    let text = `You play ${p.human === "red" ? "Red" : "Black"}; the engine plays at ${strengthText(p)}.`;
    if (p.last) text += ` Its last move: ${notation === "chinese" ? p.last.chinese : p.last.iccs} (depth ${p.last.depth}, ${p.last.text}).`;
    if (state.result) text += ` Game over: ${state.result.text}.`;
    info.textContent = text;
  }

  function drawAnnotation() {
    const a = state.annotating;
    $("annotate-progress").hidden = !a;
    $("cancel").hidden = !a;
    $("annotate").hidden = !!a;
    if (a) {
      $("annotate-progress").max = a.total;
      $("annotate-progress").value = a.done;
      $("annotate-text").textContent = `annotating: ${a.done} of ${a.total} positions`;
    } else {
      const marks = state.moves.filter((m) => m.mark).length;
      $("annotate-text").textContent = marks ? `${marks} move${marks === 1 ? "" : "s"} marked` : "";
    }
  }

  function drawControls() {
    const steer = role === "steer";
    const busy = !!(state && state.annotating);
    for (const id of ["undo", "new", "go", "multipv", "set-fen", "load-pgn", "mode", "human", "strength", "start-play", "annotate", "annotate-time"]) $(id).disabled = !steer || busy;
    $("cancel").disabled = !steer;
    $("undo").disabled = !steer || busy || !state || state.ply === 0;
    $("go").disabled = !steer || busy || (state && state.mode === "play");
    $("annotate").disabled = !steer || busy || !state || state.moves.length === 0 || (state.mode === "play" && state.play.thinking);
    $("go").textContent = state && state.analysing ? "Stop" : "Analyse";
    if (state) $("multipv").value = String(state.multipv);
    $("notation").value = notation;
    $("role").textContent = steer ? "steering" : "watching";
    $("role").className = "badge" + (steer ? " steer" : "");
    $("claim").hidden = steer;
    if (state && document.activeElement !== $("fen")) $("fen").value = state.fen;
  }

  function render() {
    if (!state) return;
    if (selected && !ownPieceAt(selected)) selected = null;
    // A piece being dragged stays where the pointer is; the board is drawn
    // anew when it is dropped.
    if (!drag || !drag.moved) drawPosition();
    drawLines();
    drawMoves();
    drawGraph();
    drawStats();
    drawPlay();
    drawAnnotation();
    drawControls();
  }

  function note(text, error) {
    const m = $("message");
    m.textContent = text || "";
    m.className = "message" + (error ? " error" : "");
  }

  // ---- the connection -----------------------------------------------------

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    else note("not connected", true);
  }

  function claim() {
    send({ type: "claim", token: localStorage.getItem("chariot-steer-token") || undefined });
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/ws`);
    ws.onopen = () => {
      retry = 500;
      $("connection").textContent = "connected";
      $("connection").className = "badge on";
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      switch (msg.type) {
        case "hello": claim(); break;
        case "state": state = msg; render(); break;
        case "role":
          role = msg.role;
          if (msg.token) localStorage.setItem("chariot-steer-token", msg.token);
          if (role !== "steer") { selected = null; note(msg.message, false); }
          render(); drawControls();
          break;
        case "error": note(msg.message, true); break;
        case "done": note("", false); break;
      }
    };
    ws.onclose = () => {
      $("connection").textContent = "reconnecting";
      $("connection").className = "badge off";
      role = "watch";
      drawControls();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  // ---- the buttons --------------------------------------------------------

  $("flip").onclick = () => {
    flipped = !flipped;
    localStorage.setItem("chariot-flipped", flipped ? "1" : "0");
    drawGrid(); drawPosition();
  };
  $("undo").onclick = () => send({ type: "undo" });
  $("new").onclick = () => send({ type: "position", fen: "startpos" });
  $("go").onclick = () => send({ type: state && state.analysing ? "stop" : "go" });
  $("multipv").onchange = (e) => send({ type: "multipv", k: Number(e.target.value) });
  $("notation").onchange = (e) => {
    notation = e.target.value;
    localStorage.setItem("chariot-notation", notation);
    drawGrid(); render();
  };
  $("claim").onclick = claim;
  for (let l = 0; l <= 20; l++) {
    const o = document.createElement("option");
    o.value = "level:" + l;
    o.textContent = `level ${l}${l === 20 ? " (full)" : ""}`;
    $("strength").appendChild(o);
  }
  for (const t of [1, 3, 10, 30]) {
    const o = document.createElement("option");
    o.value = "time:" + t * 1000;
    o.textContent = `full, ${t} s a move`;
    $("strength").appendChild(o);
  }
  $("strength").value = localStorage.getItem("chariot-strength") || "level:10";
  $("human").value = localStorage.getItem("chariot-human") || "red";
  $("mode").onchange = (e) => {
    wantPlay = e.target.value === "play";
    if (!wantPlay && state && state.mode === "play") send({ type: "analyse" });
    render();
  };
  $("start-play").onclick = () => {
    const [kind, value] = $("strength").value.split(":");
    localStorage.setItem("chariot-strength", $("strength").value);
    localStorage.setItem("chariot-human", $("human").value);
    const msg = { type: "play", side: $("human").value };
    if (kind === "level") msg.level = Number(value);
    else msg.movetime_ms = Number(value);
    wantPlay = false;
    send(msg);
  };
  $("show-lines").onchange = (e) => {
    showLines = e.target.checked;
    localStorage.setItem("chariot-show-lines", showLines ? "1" : "0");
    render();
  };
  $("annotate").onclick = () => send({ type: "annotate", movetime_ms: Number($("annotate-time").value) });
  $("cancel").onclick = () => send({ type: "cancel" });
  $("set-fen").onclick = () => send({ type: "position", fen: $("fen").value });
  $("copy-fen").onclick = () => {
    $("fen").value = state ? state.fen : "";
    $("fen").select();
    if (navigator.clipboard) navigator.clipboard.writeText($("fen").value).catch(() => {});
  };
  $("load-pgn").onclick = () => send({ type: "pgn", pgn: $("pgn").value });
  $("save-pgn").onclick = () => {
    if (!state) return;
    $("pgn").value = state.pgn;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([state.pgn], { type: "application/x-chess-pgn" }));
    a.download = "chariot-game.pgn";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  drawGrid();
  drawControls();
  connect();
})();
