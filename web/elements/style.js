// The shadow-DOM stylesheet shared by every figure (one constructed sheet, adopted by each root).
// Light or dark follows the reader's preference, or the figure's theme="light|dark" attribute.
// Theming goes only through these custom properties, which inherit into the shadow root:
//   --posenc-font, --posenc-mono, --posenc-fg, --posenc-muted, --posenc-bg, --posenc-panel,
//   --posenc-border, --posenc-accent, --posenc-on-accent, --posenc-q, --posenc-k, --posenc-radius
//
// The theme and the text properties live on .frame, not :host: a host page's own rules on the element
// (`* { all: unset }`, `* { --fg: … }`, inherited letter-spacing / text-transform …) beat :host rules,
// but nothing outside reaches .frame except inheritance, which these declarations stop. (Said here,
// not in a CSS comment: the minifier drops JS comments, not text inside the string.)
// The dark values of a rule: under the reader's dark preference unless the figure is pinned light
// (theme="light"), and always when it is pinned dark (theme="dark").
const dark = (
  selector,
  declarations,
) => `@media (prefers-color-scheme: dark) { :host(:not([theme=light])) ${selector} { ${declarations} } }
:host([theme=dark]) ${selector} { ${declarations} }`;

export const CSS = `
:host { display: block; contain: content; margin: 1.5rem 0; }
.frame { letter-spacing: normal; word-spacing: normal; text-transform: none; text-align: start; text-indent: 0;
  text-shadow: none;
  white-space: normal; line-break: auto; cursor: auto; visibility: visible; direction: ltr; writing-mode: horizontal-tb;
  --fg: var(--posenc-fg, #1b1f24); --muted: var(--posenc-muted, #5b6470); --bg: var(--posenc-bg, #ffffff);
  --panel: var(--posenc-panel, #f6f7f9); --border: var(--posenc-border, #d9dde3);
    --accent: var(--posenc-accent, #3b5bdb);
  --q: var(--posenc-q, #d9480f); --k: var(--posenc-k, #1971c2); --radius: var(--posenc-radius, 8px);
    --on-accent: var(--posenc-on-accent, #ffffff);
  --font: var(--posenc-font, system-ui, -apple-system, "Segoe UI", "PingFang SC", "Noto Sans CJK SC",
    "Microsoft YaHei", sans-serif);
  --mono: var(--posenc-mono, ui-monospace, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace);
  font: 14px/1.45 var(--font); color: var(--fg); color-scheme: light; }
${dark(
  '.frame',
  `color-scheme: dark; --fg: var(--posenc-fg, #e6e8eb); --muted: var(--posenc-muted, #9aa4b1);
  --bg: var(--posenc-bg, #15181d);
  --panel: var(--posenc-panel, #1d2128); --border: var(--posenc-border, #343a44);
    --accent: var(--posenc-accent, #7c9cff);
  --q: var(--posenc-q, #ff8a4c); --k: var(--posenc-k, #5db0ff); --on-accent: var(--posenc-on-accent, #0b0d10);`,
)}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.frame { background: var(--bg); border: 1px solid var(--border); border-radius: var(--radius);
  padding: 12px 14px 10px; }
.head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 6px; }
.title { font-weight: 600; font-size: 14px; }
.status { color: var(--muted); font-size: 12px; margin-left: auto; min-height: 1em; }
.controls { display: flex; flex-wrap: wrap; gap: 8px 18px; margin: 4px 0 10px; }
.more { flex-basis: 100%; }
.more summary { cursor: pointer; width: max-content; }
:host([no-controls]) .controls { display: none; }
.control { display: grid; grid-template-columns: auto 1fr auto; align-items: center; gap: 2px 8px; min-width: 180px;
  flex: 1 1 180px; max-width: 300px; }
.control label, .control .lab { font-size: 12px; color: var(--muted); grid-column: 1 / 4; }
.control input[type=range] { grid-column: 1 / 3; width: 100%; accent-color: var(--accent); margin: 0; }
.control input[type=number] { width: 7.5em; font: 12px var(--mono); color: var(--fg); background: var(--panel);
  border: 1px solid var(--border); border-radius: 4px; padding: 2px 4px; }
.control.choice { display: flex; flex-direction: column; align-items: flex-start; gap: 4px; max-width: none;
  flex: 1 1 100%; }
.control select { grid-column: 1 / 4; font: inherit; color: var(--fg); background: var(--panel);
  border: 1px solid var(--border); border-radius: 4px; padding: 3px; }
.seg { display: inline-flex; flex-wrap: wrap; border: 1px solid var(--border); border-radius: 6px; }
.seg button { font: inherit; font-size: 12px; border: 0; background: var(--panel); color: var(--fg);
  padding: 4px 10px; cursor: pointer; border-right: 1px solid var(--border); }
.seg button:first-child { border-radius: 5px 0 0 5px; } .seg button:last-child { border-right: 0;
  border-radius: 0 5px 5px 0; }
.seg button[aria-checked=true] { background: var(--accent); color: var(--on-accent); }
.seg button:focus-visible { position: relative; z-index: 1; }
button.act { font: inherit; font-size: 12px; border: 1px solid var(--border); background: var(--panel);
  color: var(--fg); border-radius: 5px; padding: 3px 9px; cursor: pointer; }
button:focus-visible, input:focus-visible, select:focus-visible, canvas:focus-visible,
  [tabindex]:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.body { position: relative; min-height: 60px; }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 10px 16px; }
.grid3 { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 10px 14px; }
.plot { position: relative; }
.plot canvas { position: absolute; display: block; image-rendering: pixelated; }
.plot svg { position: relative; display: block; overflow: visible; }
.plot svg text { fill: var(--fg); font-family: var(--font); }
.plot .axis text { fill: var(--muted); font-size: 10px; }
.halo { font-size: 11px; paint-order: stroke; stroke: var(--bg); stroke-width: 3; }
.plot .axis path, .plot .axis line { stroke: var(--muted); }
.plot .atitle { font-size: 11px; fill: var(--muted); }
.plot .ptitle { font-size: 12px; font-weight: 600; }
.readout { font: 12px var(--mono); color: var(--muted); min-height: 1.5em; white-space: pre-wrap; }
.readout b { color: var(--fg); font-weight: 600; }
.tools { display: flex; gap: 6px; flex-wrap: wrap; justify-content: flex-end; margin-top: 4px; }
.tools button { font: 11px var(--font); color: var(--muted); background: transparent; border: 1px solid var(--border);
  border-radius: 4px; padding: 1px 7px; cursor: pointer; }
.tools button:hover { color: var(--fg); border-color: var(--muted); }
.menu-wrap { position: relative; }
.menu { position: absolute; right: 0; top: 100%; z-index: 4; display: flex; flex-direction: column; gap: 2px;
  padding: 4px; background: var(--bg); border: 1px solid var(--border); border-radius: 6px;
  box-shadow: 0 2px 8px #0003; width: max-content; max-width: 80vw; }
.menu [role=group] { display: flex; flex-wrap: wrap; gap: 2px; }
.menu span { flex-basis: 100%; font-size: 11px; color: var(--muted); margin-top: 2px; }
.menu[hidden] { display: none; }
.handle { fill: var(--c); fill-opacity: .25; stroke: var(--c); stroke-width: 1.5; cursor: grab; touch-action: none; }
.handle:focus-visible { outline: none; fill-opacity: .6; stroke: var(--fg); stroke-width: 3; }
.loading { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
  color: var(--muted); font-size: 13px;
  background: repeating-linear-gradient(135deg, transparent 0 10px, color-mix(in srgb, var(--panel) 70%,
    transparent) 10px 20px); border-radius: 6px; }
.err-en { margin-top: 2px; }
.err { color: #c92a2a; background: color-mix(in srgb, #c92a2a 10%, var(--bg));
  border: 1px solid color-mix(in srgb, #c92a2a 40%, var(--bg)); border-radius: 6px; padding: 6px 10px;
  font: 12px/1.4 var(--mono); overflow-wrap: anywhere; }
.cards { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0; }
.card { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 6px 10px;
  min-width: 150px; flex: 1 1 150px; }
.card .k { font-size: 11px; color: var(--muted); }
.card .v { font: 600 16px var(--mono); }
.card .s { font-size: 11px; color: var(--muted); font-family: var(--mono); }
.bar { height: 6px; background: var(--accent); border-radius: 3px; margin-top: 4px; min-width: 2px; }
.note { font-size: 12px; color: var(--muted); margin: 6px 0 0; }
.ok { color: #2f7d3a; } .bad { color: #c92a2a; }
${dark('.ok', 'color: #69db7c;')}
${dark(':is(.err, .bad)', 'color: #ff8787;')}
.tablewrap { position: relative; overflow: auto; max-height: 340px; border: 1px solid var(--border);
  border-radius: 6px; background: var(--bg); }
.tablewrap table { border-collapse: separate; border-spacing: 0; font: 12px/20px var(--mono); }
.tablewrap th, .tablewrap td { height: 22px; padding: 0 8px; text-align: right; white-space: pre;
  border-bottom: 1px solid color-mix(in srgb, var(--border) 50%, transparent); }
.tablewrap thead th { position: sticky; top: 0; background: var(--panel); color: var(--muted); font-weight: 500;
  z-index: 2; }
.tablewrap th.rh { position: sticky; left: 0; background: var(--panel); color: var(--muted); font-weight: 500;
  z-index: 1; }
.tablewrap thead th.rh { z-index: 3; }
.tablewrap td.neg { color: color-mix(in srgb, var(--k) 80%, var(--fg)); }
.tablewrap td.fix { outline: 2px solid #e8590c; outline-offset: -2px; font-weight: 700; }
.tablewrap td.hl { background: color-mix(in srgb, var(--accent) 15%, transparent); }
.tok { font: 11px/1.1 var(--mono); text-align: center; padding: 1px 2px; min-width: 22px; border: 1px solid
  var(--border); background: var(--panel); } .tok.text { border-style: dashed; }
.tok > :nth-child(1) { color: color-mix(in srgb, #D55E00 75%, var(--fg)); }
.tok > :nth-child(2) { color: color-mix(in srgb, #0072B2 75%, var(--fg)); }
.tok > :nth-child(3) { color: color-mix(in srgb, #009E73 75%, var(--fg)); }
@media (max-width: 520px) { .frame { padding: 10px 8px; } .control { min-width: 0; flex: 1 1 130px;
  } .control input[type=number] { width: 5.5em; } }
`;

let sheet = null;
/** Attach the shared sheet to a shadow root (constructed stylesheet; falls back to a <style>). */
export function adopt(root) {
  try {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    const st = document.createElement('style');
    st.textContent = CSS;
    root.append(st);
  }
}
