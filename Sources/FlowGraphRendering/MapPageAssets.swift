// Written by scripts/embed-page from Sources/FlowGraphRendering/Page/: edit those files, then run it.

/// The page's template, style and script (`Page/map.html`, `map.css`, `map.js`).
enum MapPageAssets {
    static let html = ##"""
<!DOCTYPE html>
<!--SIGNATURE-->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; connect-src 'self'">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title><!--TITLE--></title>
<style>
/*CSS*/
</style>
</head>
<body>
<header id="bar">
  <nav id="crumbs" aria-label="Where you are"></nav>
  <div id="search-box" role="search">
    <input id="search" type="search" autocomplete="off" spellcheck="false" aria-label="Search steps, events, guards and links"
           aria-controls="results" placeholder="Search steps, events, guards, links  ( / )">
    <ol id="results" role="listbox" aria-label="Search results" hidden></ol>
  </div>
  <div id="tools" role="toolbar" aria-label="Zoom">
    <button id="zoom-out" type="button" title="Zoom out (-)" aria-label="Zoom out">−</button>
    <button id="zoom-in" type="button" title="Zoom in (+)" aria-label="Zoom in">+</button>
    <button id="fit" type="button" title="Fit to screen (0)">Fit</button>
    <button id="legend-button" type="button" aria-expanded="false" aria-controls="legend">Legend</button>
    <button id="simulator-button" type="button" aria-expanded="false" aria-controls="simulator" hidden
            title="Run the app's navigation: the runtime's navigator over this program">Simulator</button>
  </div>
</header>
<main>
  <section id="view" tabindex="0" aria-label="Diagram: drag or arrow keys to pan, wheel or + and - to zoom">
    <div id="canvas"></div>
    <div id="minimap" hidden title="Where the view is: drag to move it ( 0 shows the whole flow )"><img id="minimap-image" alt=""><div id="minimap-frame"></div></div>
    <div id="legend" hidden></div>
    <p id="status" role="status" aria-live="polite"></p>
  </section>
  <section id="simulator" aria-label="Simulator" hidden></section>
  <aside id="side" aria-label="Details">
    <section id="details"></section>
    <section id="findings-panel" aria-labelledby="findings-title">
      <h2 id="findings-title">Findings</h2>
      <ol id="findings"></ol>
    </section>
  </aside>
</main>
<div id="problems" role="alert" hidden></div>
<script type="application/json" id="fg-data"><!--DATA--></script>
<!--SVGS-->
<script>
/*JS*/
</script>
</body>
</html>

"""##

    static let css = ##"""
:root {
  --bg: #ffffff; --fg: #1d2330; --muted: #5b6475; --panel: #f5f7fa; --line: #d5dae3;
  --accent: #1f5fbf; --accent-bg: #e7effc; --error: #c62828; --warning: #a85400;
  --mark: #e8178a; --diagram-bg: #ffffff; --diagram-filter: none;
  font: 14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15181e; --fg: #e3e7ee; --muted: #9aa3b2; --panel: #1d2129; --line: #353b47;
    --accent: #7fb0ff; --accent-bg: #23324d; --error: #ff7b72; --warning: #f0a35e;
    --mark: #ff5db1; --diagram-bg: #15181e;
    /* Graphviz draws dark on white: inverted and turned back round the colour wheel, the hues stay. */
    --diagram-filter: invert(0.9) hue-rotate(180deg);
  }
}
* { box-sizing: border-box; }
html, body { height: 100%; margin: 0; }
body { background: var(--bg); color: var(--fg); display: flex; flex-direction: column; }
button, input { font: inherit; color: inherit; }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
#canvas g.node:focus-visible :is(path, polygon, ellipse) { stroke: #1f5fbf; stroke-width: 3px; }

#bar { display: flex; gap: 12px; align-items: center; padding: 6px 10px; border-bottom: 1px solid var(--line); background: var(--panel); }
#crumbs { flex: 1 1 auto; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-weight: 600; }
#crumbs a { text-decoration: none; }
#crumbs a:hover { text-decoration: underline; }
#crumbs .sep { color: var(--muted); margin: 0 6px; font-weight: 400; }
#search-box { position: relative; flex: 0 1 420px; }
#search { width: 100%; padding: 5px 9px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); }
#results { position: absolute; z-index: 10; top: 100%; left: 0; right: 0; margin: 2px 0 0; padding: 0; list-style: none;
  max-height: 60vh; overflow: auto; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; box-shadow: 0 6px 20px rgba(0,0,0,.18); }
#results li { padding: 5px 9px; cursor: pointer; display: flex; gap: 8px; align-items: baseline; }
#results li[aria-selected="true"], #results li:hover { background: var(--accent-bg); }
#results .kind { font-size: 11px; color: var(--muted); min-width: 3.6em; text-transform: uppercase; }
#results .where { margin-left: auto; font-size: 12px; color: var(--muted); white-space: nowrap; }
#results .none { color: var(--muted); cursor: default; }
#tools { display: flex; gap: 4px; }
#tools button { min-width: 32px; padding: 4px 9px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); cursor: pointer; }
#tools button:hover { background: var(--accent-bg); }

main { flex: 1 1 auto; display: flex; min-height: 0; }
#view { position: relative; flex: 1 1 auto; overflow: hidden; background: var(--diagram-bg); cursor: grab; touch-action: none; }
#view.panning { cursor: grabbing; }
#canvas, #canvas > svg { width: 100%; height: 100%; display: block; }
#canvas > svg { filter: var(--diagram-filter); }
#canvas svg text { cursor: text; }
#canvas svg a { cursor: pointer; }
#canvas .fg-mark :is(path, polygon, ellipse) { stroke: #e8178a; stroke-width: 4px; }
/* Graphviz's white page behind the graph: the view's own background shows instead (and in dark mode). */
#canvas svg g.graph > polygon:first-of-type { fill: none; }
#canvas .fg-mark text { font-weight: bold; }
#canvas .fg-dim { opacity: .35; }
#legend { position: absolute; right: 10px; bottom: 10px; width: min(340px, 60%); max-height: 70%; overflow: auto; background: #fff;
  border: 1px solid var(--line); border-radius: 6px; padding: 4px; filter: var(--diagram-filter); }
#legend svg { display: block; width: 100%; height: auto; }
/* The map of the flow: the diagram small, a frame where the view is. */
#minimap { position: absolute; top: 10px; right: 10px; background: #fff; border: 1px solid var(--line); border-radius: 4px;
  box-shadow: 0 2px 8px rgba(0,0,0,.15); cursor: pointer; overflow: hidden; filter: var(--diagram-filter); touch-action: none; }
#minimap[hidden] { display: none; }
#minimap img { display: block; width: 100%; height: 100%; pointer-events: none; user-select: none; }
#minimap-frame { position: absolute; border: 2px solid #1f5fbf; background: rgba(31, 95, 191, .12); pointer-events: none; }
/* Over the diagram: on a background of its own, so that node labels under it do not show through. */
#status { position: absolute; left: 10px; bottom: 6px; margin: 0; color: var(--muted); font-size: 12px; max-width: calc(100% - 20px);
  background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 3px 8px; }
#status:empty { display: none; }
/* A long unbroken token (a URL in a doc comment) wraps rather than widening the panel. */
#side { overflow-wrap: break-word; }
#side code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--accent-bg); padding: 0 3px; border-radius: 3px; }
.too-large { padding: 24px; max-width: 46em; }

#side { flex: 0 0 360px; max-width: 40vw; overflow: auto; border-left: 1px solid var(--line); background: var(--panel); padding: 4px 12px 20px; }
#side h1 { font-size: 18px; margin: 10px 0 2px; overflow-wrap: anywhere; }
#side h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 16px 0 6px; }
#side ul, #side ol { margin: 0; padding: 0; list-style: none; }
#side li { padding: 3px 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
#side .meta { color: var(--muted); font-size: 12px; }
.item { background: none; border: 0; padding: 0; margin: 0; text-align: left; cursor: pointer; color: var(--accent); font-weight: 600; }
.item:hover { text-decoration: underline; }
.source { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--muted); overflow-wrap: anywhere; }
a.source { color: var(--accent); }
.badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 9px; background: var(--accent-bg); color: var(--accent); margin-left: 4px; }
.sev-error { color: var(--error); font-weight: 700; }
.sev-warning { color: var(--warning); font-weight: 700; }
#findings li.current, #details li.current { background: var(--accent-bg); }
#findings .message { display: block; }
#findings .path { display: block; font-size: 12px; color: var(--muted); }
#findings-panel .empty { color: var(--muted); }

#problems { position: fixed; left: 50%; top: 60px; transform: translateX(-50%); z-index: 20; max-width: min(900px, 92vw);
  max-height: 70vh; overflow: auto; background: var(--bg); color: var(--fg); border: 2px solid var(--error); border-radius: 8px;
  padding: 10px 16px; box-shadow: 0 10px 30px rgba(0,0,0,.3); }
#problems h2 { margin: 0 0 6px; font-size: 15px; color: var(--error); }
#problems li { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; margin: 3px 0; }

/* A journey's path: its screens and moves, under the current line's marks. */
#canvas .fg-path:not(.fg-mark) :is(path, polygon, ellipse) { stroke: #00a3a3; stroke-width: 3px; }
.failing { color: #cf222e; }
ol.journey { padding-left: 1.6em; }
ol.journey li.current { background: rgba(0, 163, 163, 0.14); border-radius: 4px; }

/* The simulator (preview only): what the app shows, driven by the runtime's navigator in the server. */
#simulator { flex: 0 0 340px; overflow: auto; border-left: 1px solid var(--line); background: var(--panel); padding: 8px 10px 20px; }
#simulator[hidden] { display: none; }
#simulator h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 12px 0 6px; }
#simulator .row { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
#simulator button { border: 1px solid var(--line); border-radius: 6px; background: var(--bg); padding: 3px 9px; cursor: pointer; }
#simulator button:hover:not(:disabled) { background: var(--accent-bg); }
#simulator button:disabled { opacity: .45; cursor: default; }
#simulator input[type=text] { border: 1px solid var(--line); border-radius: 5px; padding: 2px 6px; background: var(--bg); min-width: 0; }
#sim-url { flex: 1 1 auto; }
.phone { position: relative; margin: 8px auto; width: 300px; height: 420px; border: 8px solid #1d2330; border-radius: 28px;
  background: var(--bg); overflow: hidden; display: flex; flex-direction: column; }
.phone .card { position: absolute; left: 0; right: 0; bottom: 0; display: flex; flex-direction: column; background: var(--bg);
  border-top: 1px solid var(--line); }
.phone .card.base, .phone .card.column, .phone .card.cover { top: 0; }
.phone .card.sheet, .phone .card.popover { border-radius: 12px 12px 0 0; box-shadow: 0 -4px 14px rgba(0,0,0,.25); }
.phone .bar { display: flex; align-items: center; gap: 6px; padding: 6px 8px; border-bottom: 1px solid var(--line); font-weight: 600; min-height: 34px; }
.phone .bar .kind { font-size: 11px; font-weight: 400; color: var(--muted); margin-left: auto; }
.phone .screens { flex: 1 1 auto; overflow: auto; padding: 6px 8px; margin: 0; list-style: none; }
.phone .screens li { padding: 3px 6px; border-radius: 5px; color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
.phone .screens li.top { color: var(--fg); background: var(--accent-bg); font-size: 14px; font-weight: 600; }
.phone .screens li.runs { font-style: italic; font-size: 11px; }
.phone .screens li .inputs { display: block; font-weight: 400; font-size: 12px; color: var(--muted); }
.phone .tabbar { display: flex; border-top: 1px solid var(--line); }
.phone .tabbar button { flex: 1 1 0; border: 0 !important; border-radius: 0 !important; font-size: 11px; padding: 6px 2px !important; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
.phone .tabbar button[aria-pressed=true] { color: var(--accent); font-weight: 700; }
.phone .alert { position: absolute; inset: 0; background: rgba(0,0,0,.35); display: flex; align-items: center; justify-content: center; }
.phone .alert > div { background: var(--bg); border-radius: 12px; padding: 12px; width: 80%; text-align: center; }
.phone .alert button { display: block; width: 100%; margin-top: 6px; }
#simulator .events li { display: flex; flex-direction: column; gap: 3px; padding: 4px 0; border-bottom: 1px solid var(--line); }
#simulator .events label { font-size: 12px; color: var(--muted); display: flex; gap: 4px; align-items: center; }
#simulator .events input { flex: 1 1 auto; }
#simulator ul, #simulator ol { margin: 0; padding: 0; list-style: none; }
#sim-outcome { margin: 6px 0; font-size: 13px; }
#sim-outcome.refused { color: var(--error); }
#simulator .history li { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; padding: 2px 0; overflow-wrap: anywhere; }
#simulator .guards label { display: flex; gap: 6px; align-items: center; padding: 2px 0; }
#sim-journey { width: 100%; height: 8em; font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }

/* After a save: what changed flashes twice. */
@keyframes fg-flash { 0%, 50%, 100% { opacity: 1; } 25%, 75% { opacity: .2; } }
#canvas .fg-flash :is(path, polygon, ellipse) { stroke: #f08c00; stroke-width: 4px; }
#canvas .fg-flash { animation: fg-flash 1.2s ease-in-out 1; }

"""##

    static let javaScript = ##"""
// The program's page: an overview of its flows, each flow's diagram, pan and zoom, search,
// findings and source links. Plain JavaScript, no network (but preview's own server), no library.
// The data is the JSON in #fg-data (ProgramMap.jsonText); the diagrams are SVG text in
// <script type="text/x-flowgraph-svg"> elements, put into the page only when shown.
"use strict";
(function () {
  const page = JSON.parse(document.getElementById("fg-data").textContent);
  const map = page.map;
  const flowByName = new Map(map.flows.map((flow, index) => [flow.name, index]));
  const $ = (id) => document.getElementById(id);
  const canvas = $("canvas"), view = $("view"), details = $("details"), crumbs = $("crumbs");
  const searchInput = $("search"), results = $("results");

  // ---- Elements and text --------------------------------------------------------------------

  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name === "onclick") node.addEventListener("click", value);
      else if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }
  const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
  /** A doc comment as a paragraph: `code` in backticks as code, the rest as text. */
  function docParagraph(text) {
    return element("p", { class: "doc" }, ...text.split("`").map((part, i) => i % 2 ? element("code", { text: part }) : part));
  }
  const flowHash = (index) => `#flow/${encodeURIComponent(map.flows[index].name)}`;
  const stepHash = (flow, step) => `${flowHash(flow)}/step/${encodeURIComponent(map.flows[flow].steps[step][0])}`;

  /** `file:line:column`, a link into the editor when the page was made with --editor. */
  function sourceLink(loc) {
    if (!loc) return null;
    const [file, line, column] = loc;
    const text = `${map.files[file]}:${line}:${column}`;
    const absolute = page.paths ? page.paths[file] : null;
    if (absolute && page.editor === "vscode") {
      return element("a", { class: "source", href: `vscode://file${encodeURI(absolute)}:${line}:${column}`, title: "Open in VS Code", text });
    }
    if (absolute && page.editor === "xcode") {
      // Xcode has no URL that opens a line: the link opens the file (in Xcode where .flow files open
      // in it), and the tooltip gives the command that goes to the line.
      const quoted = `'${absolute.replace(/'/g, "'\\''")}'`;
      return element("a", { class: "source", href: `file://${encodeURI(absolute)}`, title: `Open the file; at its line: xed --line ${line} ${quoted}`, text });
    }
    return element("span", { class: "source", text });
  }

  function item(text, onclick, title) { return element("button", { type: "button", class: "item", onclick, title, text }); }

  // ---- Diagrams: show one, pan and zoom it ---------------------------------------------------

  let shown = null;     // { key, svg, box: the diagram's own viewBox, viewBox: the current one }
  function svgText(key) {
    const holder = $(`svg-${key}`);
    return holder ? holder.textContent : null;
  }

  function show(key) {
    if (shown && shown.key === key) return true;
    const text = svgText(key);
    if (text === null) { shown = null; minimap.hidden = true; return false; }
    canvas.innerHTML = text;
    const svg = canvas.querySelector("svg");
    const box = svg.viewBox.baseVal;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    shown = { key, svg, box: { x: box.x, y: box.y, w: box.width, h: box.height }, viewBox: null };
    // Steps are reachable with Tab, and Enter or Space shows them (stubs and flows are links already).
    for (const node of svg.querySelectorAll("g.node")) {
      if (node.querySelector("a[href]") || node.id.includes("$")) continue;   // links; starts, exits, "any step"
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const title = node.querySelector("title");
      if (title) node.setAttribute("aria-label", title.textContent);
    }
    // A flow opens on its start (the step searched for or a finding's path is revealed after).
    const flowIndex = key.startsWith("flow-") ? Number(key.slice(5)) : null;
    const start = flowIndex === null ? null : document.getElementById(`${map.flows[flowIndex].name}.$start`);
    open(start && canvas.contains(start) ? start : null);
    showMinimap(text);
    // From the start of the navigation (the HTML read and parsed included), for the browser test.
    if (window.fgFirstDiagramMs === undefined) window.fgFirstDiagramMs = performance.now();
    return true;
  }

  function setViewBox(viewBox) {
    if (!shown) return;
    shown.viewBox = viewBox;
    shown.svg.setAttribute("viewBox", `${viewBox.x} ${viewBox.y} ${viewBox.w} ${viewBox.h}`);
    updateMinimap();
  }

  // ---- The map: the whole diagram small, a frame where the view is; drag it to move the view -----

  const minimap = $("minimap"), minimapImage = $("minimap-image"), minimapFrame = $("minimap-frame");
  const minimapSize = { w: 200, h: 140 };
  let minimapScale = 0;   // map pixels per diagram unit

  function showMinimap(text) {
    const { box } = shown;
    minimapScale = Math.min(minimapSize.w / box.w, minimapSize.h / box.h);
    minimap.style.width = `${Math.max(24, box.w * minimapScale)}px`;
    minimap.style.height = `${Math.max(24, box.h * minimapScale)}px`;
    // An image of the diagram's own SVG text: one bitmap, no second copy of its elements and ids.
    minimapImage.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    updateMinimap();
  }

  /** What the view shows, in diagram units (preserveAspectRatio meet may show more than the viewBox). */
  function visibleBox() {
    const rect = view.getBoundingClientRect(), v = shown.viewBox;
    const scale = Math.min(rect.width / v.w, rect.height / v.h);
    const w = rect.width / scale, h = rect.height / scale;
    return { x: v.x + v.w / 2 - w / 2, y: v.y + v.h / 2 - h / 2, w, h };
  }

  function updateMinimap() {
    if (!shown || !shown.viewBox || shown.key === "overview") { minimap.hidden = true; return; }
    const { box } = shown, seen = visibleBox();
    // Shown only while part of the diagram is out of the view.
    const slack = Math.max(box.w, box.h) * 0.01;
    const whole = seen.x <= box.x + slack && seen.y <= box.y + slack && seen.x + seen.w >= box.x + box.w - slack
      && seen.y + seen.h >= box.y + box.h - slack;
    minimap.hidden = whole;
    if (whole) return;
    const left = Math.max(0, (seen.x - box.x) * minimapScale), top = Math.max(0, (seen.y - box.y) * minimapScale);
    const right = Math.min(box.w, seen.x + seen.w - box.x) * minimapScale, bottom = Math.min(box.h, seen.y + seen.h - box.y) * minimapScale;
    Object.assign(minimapFrame.style, { left: `${left}px`, top: `${top}px`,
      width: `${Math.max(4, right - left)}px`, height: `${Math.max(4, bottom - top)}px` });
  }

  /** Centres the view on the point of the map under the pointer. */
  function moveTo(event) {
    const rect = minimap.getBoundingClientRect(), rectView = view.getBoundingClientRect();
    const x = shown.box.x + (event.clientX - rect.left) / minimapScale, y = shown.box.y + (event.clientY - rect.top) / minimapScale;
    const v = shown.viewBox;
    viewAt(Math.min(rectView.width / v.w, rectView.height / v.h), x, y);
  }
  minimap.addEventListener("pointerdown", (event) => {
    event.stopPropagation();
    try { minimap.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the browser no longer tracks */ }
    moveTo(event);
  });
  minimap.addEventListener("pointermove", (event) => { if (minimap.hasPointerCapture(event.pointerId)) moveTo(event); });

  // Step labels are 11 units high (DiagramBuilder's node font): a unit a pixel or more keeps them
  // at 11 px or more on screen. A small flow may grow to fill the view, up to twice its size.
  const readableScale = 1, largestScale = 2;

  /** Pixels per diagram unit when the whole diagram fits the view. */
  function fitScale() {
    const rect = view.getBoundingClientRect();
    return Math.min(rect.width / shown.box.w, rect.height / shown.box.h);
  }

  /** The view at `scale` pixels a unit, centred on (cx, cy) in diagram units, kept over the diagram. */
  function viewAt(scale, cx, cy) {
    const rect = view.getBoundingClientRect();
    const { box } = shown;
    const w = rect.width / scale, h = rect.height / scale;
    const clamp = (centre, size, start, length) => size >= length ? start + length / 2 - size / 2
      : Math.min(Math.max(centre - size / 2, start), start + length - size);
    setViewBox({ x: clamp(cx, w, box.x, box.w), y: clamp(cy, h, box.y, box.h), w, h });
  }

  /** The whole diagram ("Fit", `0`): a small one grows to fill the view, up to twice its size. */
  function fit() {
    if (!shown) return;
    const { box } = shown;
    viewAt(Math.min(fitScale(), largestScale), box.x + box.w / 2, box.y + box.h / 2);
  }

  /** The box of elements in the diagram's units (Graphviz translates its graph group). */
  function boundsOf(elements) {
    const graph = shown.svg.querySelector("g.graph");
    const matrix = graph ? graph.transform.baseVal.consolidate() : null;
    const dx = matrix ? matrix.matrix.e : 0, dy = matrix ? matrix.matrix.f : 0;
    let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
    for (const node of elements) {
      const b = node.getBBox();
      left = Math.min(left, b.x + dx); top = Math.min(top, b.y + dy);
      right = Math.max(right, b.x + b.width + dx); bottom = Math.max(bottom, b.y + b.height + dy);
    }
    return { left, top, right, bottom };
  }

  /** A flow as it opens: whole when its labels can be read so; else at a readable scale, centred
   *  on `focus` (its start, or the step the person came for), with the map showing where. */
  function open(focus) {
    if (!shown) return;
    if (fitScale() >= readableScale || !focus) { fit(); return; }
    const b = boundsOf([focus]);
    viewAt(readableScale, (b.left + b.right) / 2, (b.top + b.bottom) / 2);
  }

  /** Zooms by `factor` (> 1 closer) around the point (px, py) of the view, its centre by default. */
  function zoom(factor, px, py) {
    if (!shown) return;
    const rect = view.getBoundingClientRect();
    const v = shown.viewBox;
    const scale = Math.max(v.w / rect.width, v.h / rect.height);    // diagram units per pixel
    const fx = px === undefined ? 0.5 : px / rect.width, fy = py === undefined ? 0.5 : py / rect.height;
    // The diagram point under (px, py), with preserveAspectRatio meet centring the box.
    const cx = v.x + v.w / 2 + (fx - 0.5) * rect.width * scale, cy = v.y + v.h / 2 + (fy - 0.5) * rect.height * scale;
    const limit = Math.max(shown.box.w, shown.box.h) * 4;
    const w = Math.min(Math.max(v.w / factor, 20), limit), h = Math.min(Math.max(v.h / factor, 20), limit);
    const k = w / v.w;
    setViewBox({ x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w, h });
  }

  function pan(dxPixels, dyPixels) {
    if (!shown) return;
    const rect = view.getBoundingClientRect();
    const v = shown.viewBox;
    const scale = Math.max(v.w / rect.width, v.h / rect.height);
    setViewBox({ ...v, x: v.x - dxPixels * scale, y: v.y - dyPixels * scale });
  }

  /** Brings the marked elements into view, zooming out if they do not fit. */
  function reveal(elements) {
    if (!shown || elements.length === 0) return;
    const { left, top, right, bottom } = boundsOf(elements);
    // At a readable scale when they fit, so labels can be read; else all of them.
    const rect = view.getBoundingClientRect();
    const margin = 40;
    const scale = Math.min(readableScale, rect.width / (right - left + 2 * margin), rect.height / (bottom - top + 2 * margin));
    const v = shown.viewBox;
    // Left where it is when they are in view already at that scale.
    const inView = v && Math.abs(rect.width / v.w - scale) < 1e-6 && left >= v.x && right <= v.x + v.w && top >= v.y && bottom <= v.y + v.h;
    if (!inView) viewAt(scale, (left + right) / 2, (top + bottom) / 2);
  }

  view.addEventListener("wheel", (event) => {
    event.preventDefault();
    const rect = view.getBoundingClientRect();
    zoom(Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002)), event.clientX - rect.left, event.clientY - rect.top);
  }, { passive: false });

  // Drag pans (but not from text, which stays selectable); two fingers pinch.
  const pointers = new Map();
  let pinchDistance = 0;
  view.addEventListener("pointerdown", (event) => {
    if (event.target.closest("text, a, #legend") && event.pointerType === "mouse") return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    try { view.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the browser no longer tracks */ }
    view.classList.add("panning");
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinchDistance = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  view.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    if (pointers.size === 1) pan(now.x - last.x, now.y - last.y);
    else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const rect = view.getBoundingClientRect();
      if (pinchDistance > 0) zoom(distance / pinchDistance, (a.x + b.x) / 2 - rect.left, (a.y + b.y) / 2 - rect.top);
      pinchDistance = distance;
    }
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size === 0) view.classList.remove("panning");
    pinchDistance = 0;
  };
  view.addEventListener("pointerup", release);
  view.addEventListener("pointercancel", release);

  $("zoom-in").addEventListener("click", () => zoom(1.25));
  $("zoom-out").addEventListener("click", () => zoom(0.8));
  $("fit").addEventListener("click", fit);
  window.addEventListener("resize", () => shown && shown.viewBox && setViewBox(shown.viewBox));
  view.addEventListener("keydown", (event) => {
    const step = 60;
    const keys = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (keys[event.key]) { pan(...keys[event.key]); event.preventDefault(); }
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLInputElement;
    if (event.key === "/" && !typing) { searchInput.focus(); searchInput.select(); event.preventDefault(); }
    else if (!typing && (event.key === "+" || event.key === "=")) zoom(1.25);
    else if (!typing && event.key === "-") zoom(0.8);
    else if (!typing && event.key === "0") fit();
  });

  const legend = $("legend"), legendButton = $("legend-button");
  legendButton.addEventListener("click", () => {
    const open = legend.hidden;
    if (open && !legend.firstChild) legend.innerHTML = svgText("legend") || "";
    legend.hidden = !open;
    legendButton.setAttribute("aria-expanded", String(open));
  });

  // Clicking a step shows it in the side panel (a stub or an overview node is a link, followed as such).
  canvas.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.matches("g.node[tabindex]")) {
      event.preventDefault();
      event.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });
  canvas.addEventListener("click", (event) => {
    const node = event.target.closest("g.node");
    if (!node || current.flow === null) return;
    const flow = map.flows[current.flow];
    const step = flow.steps.findIndex((s) => stepNodeId(flow, s[0]) === node.id);
    if (step >= 0) location.hash = stepHash(current.flow, step);
  });
  // Escape leaves a focused step (as the back button does).
  view.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && current.flow !== null && /\/step\//.test(location.hash)) location.hash = flowHash(current.flow);
  });

  // ---- Marks: what a search result or a finding points at --------------------------------------

  function mark(nodeIds, edgeIds) {
    for (const old of canvas.querySelectorAll(".fg-mark")) old.classList.remove("fg-mark");
    const marked = [];
    for (const id of [...nodeIds, ...edgeIds]) {
      const found = document.getElementById(id);
      if (found && canvas.contains(found)) { found.classList.add("fg-mark"); marked.push(found); }
    }
    reveal(marked);
    return marked.length;
  }

  // ---- The side panel ------------------------------------------------------------------------

  // A destinations group's steps are among the steps of each flow that uses it: counted once, with the group.
  const groups = map.groups || [];
  const groupByName = new Map(groups.map((group, index) => [group.name, index]));
  function ownSteps(flow) {
    const shared = new Set((flow.uses || []).flatMap((g) => groups[g].steps));
    return flow.steps.filter((step) => !shared.has(step[0])).length;
  }

  function showOverviewDetails() {
    const roots = map.flows.filter((f) => f.root).length;
    const steps = map.flows.reduce((sum, f) => sum + ownSteps(f), 0) + groups.reduce((sum, g) => sum + g.steps.length, 0);
    details.replaceChildren(...[
      element("h1", { text: page.title }),
      element("p", { class: "meta", text: `${plural(map.flows.length, "flow")}, ${plural(steps, "step")}, ${plural(map.findings.length, "finding")}; ${plural(roots, "root")}` }),
      page.coverage ? element("p", { class: "coverage", text: `Coverage: ${page.coverage}.` }) : null,
      element("h2", { text: "Flows" }),
      element("ul", {}, ...map.flows.map((flow, index) => element("li", {},
        element("a", { class: "item", href: flowHash(index), text: flow.name }),
        flow.kind !== "stack" ? element("span", { class: "badge", text: flow.kind }) : null,
        element("span", { class: "meta", text: ` ${plural(ownSteps(flow), "step")}${(flow.uses || []).length ? ` + ${(flow.uses || []).map((g) => groups[g].name).join(", ")}` : ""}${flow.findings.length ? `, ${plural(flow.findings.length, "finding")}` : ""} ` }),
        sourceLink(flow.loc)))),
      ...(groups.length ? [element("h2", { text: "Destinations" }),
        element("ul", {}, ...groups.map((group) => element("li", {},
          element("a", { class: "item", href: `#flow/${encodeURIComponent(group.name)}`, text: group.name }),
          element("span", { class: "meta", text: ` ${plural(group.steps.length, "step")}, used by ${group.users.length ? group.users.map((u) => map.flows[u].name).join(", ") : "no flow"} ` }),
          sourceLink(group.loc))))] : []),
      ...(journeys.length ? [element("h2", { text: "Journeys" }),
        element("ul", {}, ...journeys.map((journey, index) => element("li", {},
          element("a", { class: "item", href: journeyHash(index, 0), text: journey.name }),
          element("span", { class: `meta${journey.failure ? " failing" : ""}`,
            text: ` ${plural(journey.lines.length, "line")}${journey.failure ? ", does not hold" : ""} ` }),
          sourceLink(journey.loc))))] : []),
      element("h2", { text: "Files" }),
      element("ul", {}, ...map.files.map((file) => element("li", { class: "source", text: file })))].filter(Boolean));
  }

  // ---- Journeys: a user's path, drawn on the flows it goes through ---------------------------------

  const journeys = map.journeys || [];
  /** The flow whose diagram shows a node (`Flow.Step`, or a group's `Group.Step`: a flow that uses it). */
  function flowOfNode(node) {
    const name = node.split(".")[0];
    if (flowByName.has(name)) return flowByName.get(name);
    const group = groupByName.get(name);
    return group === undefined ? null : (groups[group].users[0] ?? null);
  }
  /** `#flow/Name/journey/J/L`: journey J with line L current, on the flow of that line's screen. */
  function journeyHash(index, line) {
    const lines = journeys[index].lines;
    const around = [...lines.slice(0, line + 1)].reverse().concat(lines.slice(line + 1)).find((l) => l[2]);
    const flow = around ? flowOfNode(around[2]) : null;
    return `#flow/${encodeURIComponent(flow === null ? map.flows[0].name : map.flows[flow].name)}/journey/${index}/${line}`;
  }

  function showJourney(index, lineIndex) {
    const journey = journeys[index];
    if (!journey) return;
    const lines = journey.lines;
    details.replaceChildren(...[
      element("h1", { text: `journey ${journey.name}` }),
      element("p", { class: "meta" }, `${plural(lines.length, "line")} `, sourceLink(journey.loc)),
      journey.failure ? element("p", { class: "failing", text: `Does not hold: ${journey.failure}` }) : null,
      element("ol", { class: "journey" }, ...lines.map((line, l) => element("li", { class: l === lineIndex ? "current" : "" },
        element("a", { class: "item", href: journeyHash(index, l), text: line[0] }),
        element("span", { class: "meta", text: ` → ${line[1]} ` }), sourceLink(line[4]))))].filter(Boolean));
    // The whole path in this diagram, the current line's screen and move marked last.
    const nodes = lines.map((l) => l[2]).filter(Boolean);
    const edges = lines.flatMap((l) => l[3]);
    for (const old of canvas.querySelectorAll(".fg-path")) old.classList.remove("fg-path");
    for (const id of [...nodes, ...edges]) {
      const found = document.getElementById(id);
      if (found && canvas.contains(found)) found.classList.add("fg-path");
    }
    const line = lines[lineIndex];
    if (line) {
      mark(line[2] ? [line[2]] : [], line[3]);
      $("status").replaceChildren(`journey ${journey.name}, line ${lineIndex + 1}: ${line[0]} → ${line[1]} — `, sourceLink(line[4]));
    }
  }

  function showFlowDetails(index) {
    const flow = map.flows[index];
    const section = (title, items) => items.length ? [element("h2", { text: title }), element("ul", {}, ...items)] : [];
    const flowLinks = (indices) => indices.map((i) => element("li", {}, element("a", { class: "item", href: flowHash(i), text: map.flows[i].name })));
    details.replaceChildren(...[
      element("h1", { text: flow.name }),
      element("p", { class: "meta" },
        `${flow.kind === "tabs" ? "tabs flow" : flow.kind === "split" ? "split view" : flow.kind === "shared" ? "shared flow" : "flow"}, ${plural(ownSteps(flow), "step")}${(flow.uses || []).map((g) => ` + ${groups[g].name}`).join("")} `,
        sourceLink(flow.loc)),
      flow.doc ? docParagraph(flow.doc) : null,
      ...section("Uses", (flow.uses || []).map((g) => element("li", {},
        element("a", { class: "item", href: `#flow/${encodeURIComponent(groups[g].name)}`, text: groups[g].name }),
        element("span", { class: "meta", text: ` ${plural(groups[g].steps.length, "step")} ` }), sourceLink(groups[g].loc)))),
      ...section("Runs", flowLinks(flow.runs)),
      ...section("Run by", flow.runners.map((runner) => {
        // A destinations group's step (`Group.Step`) links to the group's page.
        const owner = runner.split(".")[0];
        const href = flowByName.has(owner) ? flowHash(flowByName.get(owner)) : `#flow/${encodeURIComponent(owner)}`;
        return element("li", {}, element("a", { class: "item", href, text: runner }));
      })),
      ...section("Steps", flow.steps.map((step, s) => element("li", { id: `step-${s}` },
        element("a", { class: "item", href: stepHash(index, s), title: "Show it and its neighbours in the diagram", text: step[0] }),
        step[1] ? element("span", { class: "meta", text: ` (${step[1]})` }) : null,
        step[4] >= 0 ? element("span", { class: "meta" }, " ▸ ", element("a", { href: flowHash(step[4]), text: map.flows[step[4]].name })) : null,
        " ", sourceLink(step[3])))),
      ...section("Transitions", flow.clauses.map((clause) => element("li", {},
        item(`on ${clause[0]}`, () => {
          mark([], clause[4]);
          $("status").replaceChildren(`on ${clause[0]} ${clause[1] ? `in ${clause[1]}` : "any step"} → ${clause[2]} — `, sourceLink(clause[3]));
        }, "Show its edges"),
        element("span", { class: "meta", text: ` ${clause[1] ? `in ${clause[1]}` : "any step"} → ${clause[2]} ` }),
        sourceLink(clause[3])))),
      ...section("Deep links", flow.links.map((link) => element("li", {},
        element("span", { text: `${link[0]} → ${link[1] || "?"} ` }), sourceLink(link[2])))),
      ...section("Guards", flow.guards.map((g) => element("li", {}, element("span", { text: `${g[0]} ` }), sourceLink(g[1])))),
      ...section("Exits", flow.exits.map((e) => element("li", {}, element("span", { text: `${e[0]} ` }), sourceLink(e[1]))))].filter(Boolean));
  }

  /** A destinations group's panel: its steps (where a flow that uses it declares them), its users. */
  function showGroupDetails(index) {
    const group = groups[index];
    const section = (title, items) => items.length ? [element("h2", { text: title }), element("ul", {}, ...items)] : [];
    const user = group.users.length ? map.flows[group.users[0]] : null;
    details.replaceChildren(...[
      element("h1", { text: group.name }),
      element("p", { class: "meta" }, `destinations, ${plural(group.steps.length, "step")} `, sourceLink(group.loc)),
      group.doc ? docParagraph(group.doc) : null,
      ...section("Used by", group.users.map((u) => element("li", {},
        element("a", { class: "item", href: flowHash(u), text: map.flows[u].name })))),
      ...section("Uses", (group.uses || []).map((g) => element("li", {},
        element("a", { class: "item", href: `#flow/${encodeURIComponent(groups[g].name)}`, text: groups[g].name })))),
      ...section("Steps", group.steps.map((name) => {
        const step = user ? user.steps.find((s) => s[0] === name) : null;
        return element("li", {},
          item(name, () => mark([`${group.name}.${name}`], []), "Show it in the diagram"),
          step && step[1] ? element("span", { class: "meta", text: ` (${step[1]})` }) : null,
          step ? " " : null, step ? sourceLink(step[3]) : null);
      }))].filter(Boolean));
  }

  function showStep(flowIndex, stepIndex) {
    const flow = map.flows[flowIndex], step = flow.steps[stepIndex];
    const clauses = flow.clauses.filter((c) => c[1] === step[0]);
    const status = $("status");
    status.replaceChildren(...[`${flow.name}.${step[0]}${step[1] ? ` (${step[1]})` : ""} — ${plural(clauses.length, "transition")} — `, sourceLink(step[3])].filter(Boolean));
    highlightStep(stepIndex);
  }

  /** The step's entry in the side list, marked and scrolled to. */
  function highlightStep(stepIndex) {
    for (const old of details.querySelectorAll("li.current")) old.classList.remove("current");
    const entry = $(`step-${stepIndex}`);
    if (entry) { entry.classList.add("current"); entry.scrollIntoView({ block: "nearest" }); }
  }

  /** A step's node: `Flow.Step`, or `Group.Step` for a step of a destinations group the flow uses. */
  function stepNodeId(flow, name) {
    const group = (flow.uses || []).find((g) => groups[g].steps.includes(name));
    return `${group === undefined ? flow.name : groups[group].name}.${name}`;
  }

  /** `#flow/Name/step/Step`: the step and its neighbourhood (what leads to it, where it goes), the
   *  rest dimmed; back (or Escape) returns to the whole flow. */
  function focusStep(flowIndex, stepIndex) {
    const id = stepNodeId(map.flows[flowIndex], map.flows[flowIndex].steps[stepIndex][0]);
    const node = document.getElementById(id);
    if (!node || !canvas.contains(node)) { showStep(flowIndex, stepIndex); return; }
    const keep = new Set([id]), near = [node];
    for (const edge of canvas.querySelectorAll("g.edge")) {
      const title = edge.querySelector("title");
      const [tail, head] = title ? title.textContent.split("->") : [];
      if (tail !== id && head !== id) continue;
      keep.add(edge.id); keep.add(tail); keep.add(head);
      near.push(edge);
    }
    for (const element of canvas.querySelectorAll("g.node, g.edge")) element.classList.toggle("fg-dim", !keep.has(element.id));
    for (const other of keep) {
      const found = document.getElementById(other);
      if (found && found !== node && found.matches("g.node")) near.push(found);
    }
    mark([id], []);
    // All of it when it can be read so; else readable, on the step (the map shows the rest).
    const rect = view.getBoundingClientRect(), b = boundsOf(near);
    if (Math.min(rect.width / (b.right - b.left + 80), rect.height / (b.bottom - b.top + 80)) >= readableScale) reveal(near);
    else { const own = boundsOf([node]); viewAt(readableScale, (own.left + own.right) / 2, (own.top + own.bottom) / 2); }
    showStep(flowIndex, stepIndex);
  }

  // ---- Findings ------------------------------------------------------------------------------

  function findingEntry(finding, index) {
    const where = finding.flow >= 0 ? map.flows[finding.flow].name : "";
    return element("li", { id: `finding-${index}` },
      element("span", { class: `sev-${finding.severity}`, text: finding.severity }), " ",
      element("a", { class: "item", href: finding.flow >= 0 ? `${flowHash(finding.flow)}/finding/${index}` : `#finding/${index}`, text: finding.rule }),
      element("span", { class: "meta", text: where ? ` in ${where}` : "" }),
      element("span", { class: "message", text: finding.message }),
      finding.path.length ? element("span", { class: "path", text: `path: ${finding.path.join(" → ")}` }) : null,
      sourceLink(finding.loc),
      ...finding.notes.filter((note) => note[1]).map((note) => element("span", { class: "path" }, `${note[0]} `, sourceLink(note[1]))));
  }

  function showFindings() {
    const list = $("findings");
    $("findings-title").textContent = `Findings (${map.findings.length})`;
    if (map.findings.length === 0) list.replaceChildren(element("li", { class: "empty", text: "No findings: the checker found nothing wrong." }));
    else list.replaceChildren(...map.findings.map(findingEntry));
    // Findings, when there are any, come first: a person opens the page for them.
    if (map.findings.length) $("side").insertBefore($("findings-panel"), details);
  }

  // ---- Search --------------------------------------------------------------------------------

  let found = [], chosen = -1;
  function runSearch() {
    // Spaces are ignored: "Conversation Detail" finds ConversationDetail.
    const query = searchInput.value.trim().toLowerCase().replace(/\s+/g, "");
    results.replaceChildren();
    found = [];
    chosen = -1;
    if (!query) { results.hidden = true; searchInput.setAttribute("aria-expanded", "false"); return; }
    // Exact names first, then names that start with the query, then the rest; steps before events.
    const order = { step: 0, flow: 1, link: 2, guard: 3, exit: 4, event: 5 };
    const scored = [];
    for (let i = 0; i < map.search.length; i++) {
      const text = map.search[i][1].toLowerCase().replace(/\s+/g, "");
      const at = text.indexOf(query);
      if (at < 0) continue;
      const rank = text === query ? 0 : at === 0 ? 1 : 2;
      scored.push([rank * 10 + order[map.search[i][0]], i]);
    }
    scored.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    found = scored.slice(0, 60).map((pair) => pair[1]);
    if (found.length === 0) results.append(element("li", { class: "none", text: "Nothing found" }));
    found.forEach((entryIndex, position) => {
      const entry = map.search[entryIndex];
      results.append(element("li", { role: "option", id: `result-${position}`, "aria-selected": "false", onclick: () => choose(position) },
        element("span", { class: "kind", text: entry[0] }), element("span", { text: entry[1] }),
        element("span", { class: "where", text: map.flows[entry[2]].name })));
    });
    results.hidden = false;
    searchInput.setAttribute("aria-expanded", "true");
  }
  function highlightResult(position) {
    chosen = position;
    for (const li of results.children) li.setAttribute("aria-selected", String(li.id === `result-${position}`));
    const li = $(`result-${position}`);
    if (li) { li.scrollIntoView({ block: "nearest" }); searchInput.setAttribute("aria-activedescendant", li.id); }
  }
  function choose(position) {
    const entryIndex = found[position];
    if (entryIndex === undefined) return;
    results.hidden = true;
    location.hash = `${flowHash(map.search[entryIndex][2])}/find/${entryIndex}`;
  }
  searchInput.addEventListener("input", runSearch);
  searchInput.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown") { highlightResult(Math.min(chosen + 1, found.length - 1)); event.preventDefault(); }
    else if (event.key === "ArrowUp") { highlightResult(Math.max(chosen - 1, 0)); event.preventDefault(); }
    else if (event.key === "Enter") choose(chosen >= 0 ? chosen : 0);
    else if (event.key === "Escape") { searchInput.value = ""; runSearch(); view.focus(); }
  });
  searchInput.addEventListener("blur", () => setTimeout(() => { results.hidden = true; }, 200));
  searchInput.addEventListener("focus", () => { if (searchInput.value) runSearch(); });

  // ---- Routes: #, #flow/Name, #flow/Name/finding/N, #flow/Name/find/N ------------------------------

  const current = { flow: null };

  /** From a root down to the flow: through the flow the person came from when it runs this one
   *  (a shared flow has many runners), else the first runner of each flow, up to a root (cycles are cut). */
  let lastTrail = [];
  function trail(index) {
    const at = lastTrail.indexOf(index);
    if (at >= 0) return lastTrail.slice(0, at + 1);
    // A group's step runs it from each flow that uses the group.
    const runnerFlows = new Set(map.flows[index].runners.flatMap((runner) => {
      const group = groupByName.get(runner.split(".")[0]);
      return group === undefined ? [flowOfNode(runner)] : groups[group].users;
    }));
    for (let i = lastTrail.length - 1; i >= 0; i--) {
      if (runnerFlows.has(lastTrail[i])) return [...lastTrail.slice(0, i + 1), index];
    }
    const chain = [index];
    const seen = new Set(chain);
    while (true) {
      const runner = map.flows[chain[0]].runners[0];
      if (!runner) break;
      const parent = flowOfNode(runner);
      if (parent === null || parent === undefined || seen.has(parent)) break;
      seen.add(parent);
      chain.unshift(parent);
    }
    return chain;
  }

  function showCrumbs(index) {
    const parts = [element("a", { href: "#", text: page.title })];
    if (index !== null) {
      const chain = trail(index);
      lastTrail = chain;
      for (const step of chain) {
        parts.push(element("span", { class: "sep", "aria-hidden": "true", text: "›" }));
        parts.push(step === index ? element("span", { "aria-current": "page", text: map.flows[step].name })
          : element("a", { href: flowHash(step), text: map.flows[step].name }));
      }
    }
    crumbs.replaceChildren(...parts);
  }

  function route() {
    const parts = location.hash.replace(/^#/, "").split("/").map(decodeURIComponent);
    for (const old of document.querySelectorAll("#findings li.current")) old.classList.remove("current");
    $("status").textContent = "";
    for (const dimmed of canvas.querySelectorAll(".fg-dim")) dimmed.classList.remove("fg-dim");
    let flow = null;
    if (parts[0] === "flow" && flowByName.has(parts[1])) flow = flowByName.get(parts[1]);
    if (parts[0] === "flow" && flow === null && groupByName.has(parts[1])) {
      // A destinations group: its own page.
      const index = groupByName.get(parts[1]);
      current.flow = null;
      crumbs.replaceChildren(element("a", { href: "#", text: page.title }),
        element("span", { class: "sep", "aria-hidden": "true", text: "›" }),
        element("span", { "aria-current": "page", text: groups[index].name }));
      document.title = `${groups[index].name} — ${page.title}`;
      if (!show(`group-${index}`)) {
        shown = null;
        canvas.replaceChildren(element("div", { class: "too-large" }, element("h2", { text: `${groups[index].name} is not drawn` })));
      }
      showGroupDetails(index);
      return;
    }
    current.flow = flow;
    showCrumbs(flow);
    if (flow === null) {
      show("overview");
      showOverviewDetails();
      document.title = page.title;
      if (parts[0] === "finding") selectFinding(Number(parts[1]));
      return;
    }
    document.title = `${map.flows[flow].name} — ${page.title}`;
    if (!show(`flow-${flow}`)) {
      shown = null;
      canvas.replaceChildren(element("div", { class: "too-large" },
        element("h2", { text: `${map.flows[flow].name} is not drawn` }),
        element("p", { text: page.notDrawn[flow] || "This flow has no diagram." })));
    }
    restoreZoom(flow);
    showFlowDetails(flow);
    if (parts[2] === "finding") selectFinding(Number(parts[3]));
    if (parts[2] === "journey") showJourney(Number(parts[3]), Number(parts[4] || 0));
    if (parts.length === 2 && !simulator.hidden) markSimulated();
    if (parts[2] === "step") {
      const step = map.flows[flow].steps.findIndex((s) => s[0] === parts[3]);
      if (step >= 0) focusStep(flow, step);
    }
    if (parts[2] === "find") {
      const entry = map.search[Number(parts[3])];
      if (entry) {
        const count = mark(entry[3].filter((t) => !t.startsWith("e:")), entry[3].filter((t) => t.startsWith("e:")));
        $("status").replaceChildren(`${entry[0]} ${entry[1]}${entry[3].length && !count ? " (not in the diagram)" : ""} — `, sourceLink(entry[4]));
        // A step found is marked in the side list too.
        const flowEntry = map.flows[flow];
        const step = entry[0] === "step" ? flowEntry.steps.findIndex((s) => entry[3].includes(stepNodeId(flowEntry, s[0]))) : -1;
        if (step >= 0) highlightStep(step);
      }
    }
  }

  function selectFinding(index) {
    const finding = map.findings[index];
    if (!finding) return;
    const entry = $(`finding-${index}`);
    if (entry) { entry.classList.add("current"); entry.scrollIntoView({ block: "nearest" }); }
    mark([...finding.subjects, ...finding.path], finding.edges);
    $("status").replaceChildren(`${finding.severity} [${finding.rule}] ${finding.message} — `, sourceLink(finding.loc));
  }

  // ---- The simulator (preview only): the runtime's navigator in the server, over this program -----
  // The page shows what the navigator shows and sends what the person does; it decides nothing.

  const simulator = $("simulator"), simulatorButton = $("simulator-button");
  let simulated = null;     // the last state the server answered, to mark on the diagram after a route

  async function simulate(action) {
    try {
      const response = await fetch("/simulator", action
        ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(action), cache: "no-store" }
        : { cache: "no-store" });
      const state = await response.json();
      if (!response.ok) { showSimulator(null, state.error || `the server answered ${response.status}`); return; }
      showSimulator(state, null, action !== null);
    } catch (error) {
      showSimulator(null, "the preview server does not answer");
    }
  }

  /** The top screen and the last move's edges, on the diagram of the top screen's flow. */
  function markSimulated() {
    if (!simulated || !simulated.top) return;
    mark([simulated.top], simulated.edges);
  }

  /** The simulator's state; after an action (`moved`), the diagram of the step now on top. */
  function showSimulator(state, problem, moved) {
    const rows = [];
    const button = (text, action, attributes) => element("button", { type: "button", onclick: () => simulate(action), ...(attributes || {}) }, text);
    rows.push(element("div", { class: "row" },
      element("strong", { text: "Simulator" }),
      button("Undo", { do: "undo" }, { disabled: !state || !state.canUndo, title: "Take the last action back" }),
      button("Restart", { do: "restart" }, { title: "The app started again, every guard saying yes" }),
      element("button", { type: "button", disabled: !state, title: "Copy the session as a journey (docs/Journeys.md)",
        onclick: () => copyJourney(state) }, "Copy as journey")));
    if (!state || state.unavailable) {
      rows.push(element("p", { class: "meta", text: problem || state.unavailable }));
      simulator.replaceChildren(...rows);
      return;
    }
    const url = element("input", { type: "text", id: "sim-url", placeholder: "/a/deep/link", "aria-label": "URL to open", spellcheck: "false" });
    url.addEventListener("keydown", (event) => { if (event.key === "Enter") simulate({ do: "open", url: url.value }); });
    rows.push(element("div", { class: "row" }, url, element("button", { type: "button", onclick: () => simulate({ do: "open", url: url.value }) }, "Open")));

    // The phone: each stack a card, bottom first; the alert over them.
    const phone = element("div", { class: "phone", role: "group", "aria-label": "What the app shows" });
    const sheets = state.cards.filter((card) => card.style === "sheet" || card.style === "popover").length;
    let sheet = 0;
    state.cards.forEach((card, index) => {
      const isTop = index === state.cards.length - 1;
      const screens = card.screens;
      const modal = card.style === "sheet" || card.style === "popover";
      const node = element("div", { class: `card ${card.style}`, "data-style": card.style });
      if (modal) { node.style.top = `${36 + 16 * sheet - (sheets - 1) * 0}px`; sheet++; }
      node.append(element("div", { class: "bar" },
        screens.length > 1 && isTop ? button("‹ Back", { do: "back" }, { title: "The back button" }) : null,
        element("span", { text: screens.length ? screens[screens.length - 1].name : card.flow }),
        element("span", { class: "kind", text: card.style === "base" ? card.flow : `${card.style} · ${card.flow}` }),
        modal && isTop ? button("⌄", { do: "swipe" }, { title: card.locked ? "Locked: it cannot be swiped away now" : "Swipe the sheet down",
          disabled: card.locked, "aria-label": "Swipe down" }) : null));
      // A step that runs a flow is the flow's place, not a screen: shown as such, the flow's screens after it.
      node.append(element("ol", { class: "screens" }, ...screens.map((screen, s) => element("li", {
        class: s === screens.length - 1 ? "top" : screen.runs ? "runs" : "", title: screen.runs ? `${screen.name} runs ${screen.runs}` : null },
        screen.runs && s < screens.length - 1 ? `▸ ${screen.runs}` : screen.name,
        screen.inputs ? element("span", { class: "inputs", text: screen.inputs }) : null))));
      if (card.tabs) {
        node.append(element("div", { class: "tabbar", role: "tablist" }, ...card.tabs.map((tab, t) =>
          button(tab.name, { do: "select", index: t }, { "aria-pressed": String(tab.selected), role: "tab" }))));
      }
      phone.append(node);
    });
    if (state.alert) {
      phone.append(element("div", { class: "alert", role: "alertdialog", "aria-label": state.alert.name },
        element("div", {}, element("strong", { text: `${state.alert.dialog ? "dialog" : "alert"} ${state.alert.name}` }),
          ...state.alert.buttons.map((name) => button(name, { do: "send", event: name })))));
    }
    rows.push(phone);
    rows.push(element("p", { id: "sim-outcome", class: state.refused ? "refused" : "", role: "status",
      text: state.refused ? `Not taken: ${state.refused}` : state.notice || `Shows ${state.shows}` }));

    // What the person can do: the events of the flows on screen, those handled here first.
    const eventItem = (event) => {
      const inputs = event.parameters.map((parameter) => element("input", { type: "text", value: parameter.value, "data-label": parameter.label,
        "aria-label": `${parameter.label}: ${parameter.type}`, title: parameter.type }));
      const send = () => simulate({ do: "send", event: event.name,
        values: Object.fromEntries(inputs.map((input) => [input.dataset.label, input.value])) });
      for (const input of inputs) input.addEventListener("keydown", (e) => { if (e.key === "Enter") send(); });
      return element("li", {}, element("button", { type: "button", onclick: send }, event.name),
        ...event.parameters.map((parameter, i) => element("label", {}, `${parameter.label}:`, inputs[i])));
    };
    const here = state.events.filter((event) => event.here), others = state.events.filter((event) => !event.here);
    rows.push(element("h2", { text: state.alert ? "Buttons" : "Events handled here" }));
    rows.push(element("ul", { class: "events" }, ...here.map(eventItem)));
    if (others.length) {
      rows.push(element("details", {}, element("summary", { text: `Other events of the flows on screen (${others.length})` }),
        element("ul", { class: "events" }, ...others.map(eventItem))));
    }
    rows.push(element("div", { class: "row" }, button("Back", { do: "back" }), button("Swipe down", { do: "swipe" })));
    if (state.guards.length) {
      rows.push(element("h2", { text: "Guards" }));
      rows.push(element("ul", { class: "guards" }, ...state.guards.map((g) => {
        const box = element("input", { type: "checkbox", checked: g.holds });
        box.addEventListener("change", () => simulate({ do: "answer", guard: g.name, holds: box.checked }));
        return element("li", {}, element("label", {}, box, g.name));
      })));
    }
    rows.push(element("h2", { text: "History" }));
    rows.push(element("ol", { class: "history" }, ...state.lines.map((line) => element("li", { text: line }))));
    simulator.replaceChildren(...rows);
    simulated = state;
    window.fgSimulated = state;   // for the browser test
    // After a move, its flow is shown; on opening (a reload after a save) the flow the person reads stays.
    const flow = state.top ? flowOfNode(state.top) : null;
    if (moved && flow !== null && flow !== current.flow) location.hash = flowHash(flow);
    else if (flow === current.flow) markSimulated();
  }

  async function copyJourney(state) {
    const text = state.journey;
    try { await navigator.clipboard.writeText(text); $("sim-outcome").textContent = "The session is on the clipboard, as a journey."; return; }
    catch (error) { /* no clipboard: shown to copy by hand */ }
    const area = element("textarea", { id: "sim-journey", readonly: true, "aria-label": "The session as a journey" });
    area.value = text;
    simulator.append(area);
    area.select();
  }

  function toggleSimulator(open) {
    simulator.hidden = !open;
    simulatorButton.setAttribute("aria-expanded", String(open));
    sessionStorage.setItem("fg-simulator", open ? "1" : "0");
    if (open) simulate(null);
  }

  // ---- Preview: reload on a save, keeping the flow and the zoom; errors over the last good page --

  function restoreZoom(flow) {
    let saved = null;
    try { saved = JSON.parse(sessionStorage.getItem("fg-zoom") || "null"); } catch (error) { saved = null; }
    if (saved && saved.key === `flow-${flow}` && shown && shown.key === saved.key) {
      setViewBox(saved.viewBox);
      sessionStorage.removeItem("fg-zoom");
    }
  }

  function showProblems(problems) {
    const box = $("problems");
    if (!problems.length) { box.hidden = true; return; }
    box.replaceChildren(
      element("h2", { text: `${plural(problems.length, "error")}: the diagram below is the last one without errors` }),
      element("ol", {}, ...problems.map((p) => element("li", { text: `${p.file}:${p.line}:${p.column}: ${p.message}` }))));
    box.hidden = false;
  }

  /** Each step as the map says it (`Flow.Step` → its inputs, what it runs, its clauses' moves), to
   *  tell after a save which steps changed or are new; source locations are left out (they move). */
  function stepSignatures() {
    const signatures = {};
    for (const flow of map.flows) {
      for (const step of flow.steps) {
        const clauses = flow.clauses.filter((c) => c[1] === step[0]).map((c) => `${c[0]}:${c[2]}`).join("|");
        signatures[stepNodeId(flow, step[0])] = `${step[1]}/${step[4] >= 0 ? map.flows[step[4]].name : ""}/${clauses}`;
      }
    }
    return signatures;
  }

  /** After a save: the steps that changed or are new flash in the diagram shown (brought into view
   *  when off screen); those of other flows are named on the status line, with links. */
  function showChanges() {
    let before = null;
    try { before = JSON.parse(sessionStorage.getItem("fg-signatures") || "null"); } catch (error) { before = null; }
    sessionStorage.removeItem("fg-signatures");
    if (!before) return;
    const after = stepSignatures();
    const changed = Object.keys(after).filter((id) => before[id] !== after[id]);
    window.fgChanged = changed;   // for the browser test
    if (!changed.length) return;
    const here = changed.map((id) => document.getElementById(id)).filter((node) => node && canvas.contains(node));
    for (const node of here) node.classList.add("fg-flash");
    if (here.length && shown) {
      const seen = visibleBox(), b = boundsOf(here);
      if (b.left < seen.x || b.right > seen.x + seen.w || b.top < seen.y || b.bottom > seen.y + seen.h) reveal(here);
      return;
    }
    const elsewhere = changed.slice(0, 6).map((id) => {
      const flow = flowOfNode(id);
      return flow === null ? element("span", { text: id }) : element("a", { href: flowHash(flow), text: id });
    });
    $("status").replaceChildren("Changed: ", ...elsewhere.flatMap((link, i) => i ? [", ", link] : [link]),
      changed.length > 6 ? ` and ${changed.length - 6} more` : "");
  }

  async function watch() {
    let version = page.preview.version;
    for (;;) {
      try {
        const response = await fetch(`/events?after=${version}`, { cache: "no-store" });
        if (!response.ok) throw new Error(String(response.status));
        const state = await response.json();
        showProblems(state.problems);
        if (state.version !== version && state.page !== page.preview.page) {
          // The zoom of the flow shown; not that of the overview shown for a flow the last page lacked.
          const named = location.hash.startsWith("#flow/");
          if (shown && shown.viewBox && named === (current.flow !== null)) {
            sessionStorage.setItem("fg-zoom", JSON.stringify({ key: shown.key, viewBox: shown.viewBox }));
          }
          sessionStorage.setItem("fg-signatures", JSON.stringify(stepSignatures()));
          location.reload();
          return;
        }
        version = state.version;
      } catch (error) {
        $("status").textContent = "preview server stopped; reload when it runs again";
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  }

  window.addEventListener("hashchange", route);
  showFindings();
  route();
  if (page.preview) {
    showProblems(page.preview.problems);
    showChanges();
    watch();
    simulatorButton.hidden = false;
    simulatorButton.addEventListener("click", () => toggleSimulator(simulator.hidden));
    if (sessionStorage.getItem("fg-simulator") === "1") toggleSimulator(true);
  }
})();

"""##
}
