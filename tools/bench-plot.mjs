// The README's performance plot: GB/s per implementation for RoPE workload A
// (4096 x 8 x 128, in place), as a static SVG. Scales and ticks come from d3-scale.
import { scaleBand, scaleLinear } from 'd3-scale';

const escape = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// One bar per entry: its label, where its value comes from (a native case, or a wasm group's row) and its colour.
// `${layout}` in a source name is the panel's layout; the limits are measured on the interleaved group only.
const BARS = [
  ['native: in-place stream (limit)', { native: 'stream_in_place/A' }, 'limit'],
  ['native: memcpy, two buffers', { native: 'memcpy/A' }, 'limit'],
  ['native: SIMD, cached', { native: 'rope_cached/A/${layout}/simd' }, 'native'],
  ['native: SIMD, fused', { native: 'rope_fused/A/${layout}/simd' }, 'native'],
  ['native: scalar reference, cached', { native: 'rope_cached/A/${layout}/scalar' }, 'native'],
  ['wasm: in-place stream (limit)', { limit: 'wasm simd, in-place stream x[i] *= a' }, 'limit'],
  ['wasm: memcpy, two buffers', { limit: 'wasm simd, memcpy (two buffers)' }, 'limit'],
  ['wasm SIMD: API, WasmBuffer, cached', { wasm: 'wasm simd, API on a WasmBuffer (cached)' }, 'wasm'],
  ['wasm SIMD: API, WasmBuffer, fused', { wasm: 'wasm simd, API on a WasmBuffer (fused)' }, 'wasm'],
  [
    'wasm SIMD: API, Float32Array in place',
    { wasm: 'wasm simd, API on a Float32Array, in place (copy in/out)' },
    'wasm',
  ],
  ['wasm scalar build: API, WasmBuffer', { wasm: 'wasm scalar, API on a WasmBuffer (cached)' }, 'wasm'],
  ['plain JavaScript loop', { wasm: 'plain JavaScript loop (cached cos/sin)' }, 'js'],
];
const COLOUR = { limit: '#7f7f7f', native: '#0072b2', wasm: '#e69f00', js: '#cc79a7' }; // Okabe-Ito
const SIZE = { width: 760, left: 270, right: 60, rowHeight: 18, panelGap: 40, top: 40 };

// The bars that have a measured value, both layouts: [{ layout, label, value, kind }].
function barRows(native, wasm) {
  const nativeValue = (name) => native.find((r) => r.name === name)?.gbps;
  const wasmValue = (group, name) => wasm.find((r) => r.group === group && r.name === name)?.gbps;
  return ['interleaved', 'half'].flatMap((layout) =>
    BARS.map(([label, source, kind]) => {
      const value = source.native
        ? nativeValue(source.native.replace('${layout}', layout))
        : source.limit
          ? wasmValue('rope A interleaved', source.limit)
          : wasmValue(`rope A ${layout}`, source.wasm);
      return { layout, label, value, kind };
    }).filter((r) => Number.isFinite(r.value)),
  );
}

// One layout's panel, from y0 down: its title, the x grid with tick labels, and a labelled bar per row.
function panelSvg(panel, x, y0) {
  const { left, rowHeight } = SIZE;
  const bottom = y0 + 16 + panel.length * rowHeight;
  const y = scaleBand()
    .domain(panel.map((r) => r.label))
    .range([y0 + 14, y0 + 14 + panel.length * rowHeight])
    .padding(0.2);
  const parts = [`<text x="8" y="${y0 + 8}" font-weight="600">layout: ${panel[0].layout}</text>`];
  for (const t of x.ticks(6)) {
    parts.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${y0 + 12}" y2="${bottom}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${x(t)}" y="${bottom + 10}" text-anchor="middle" fill="#555">${t}</text>`);
  }
  for (const r of panel) {
    const yy = y(r.label),
      mid = yy + y.bandwidth() / 2 + 4;
    parts.push(`<text x="${left - 6}" y="${mid}" text-anchor="end">${escape(r.label)}</text>`);
    parts.push(
      `<rect x="${left}" y="${yy}" width="${Math.max(0, x(r.value) - left)}" ` +
        `height="${y.bandwidth()}" fill="${COLOUR[r.kind]}"/>`,
    );
    parts.push(`<text x="${x(r.value) + 4}" y="${mid}">${r.value.toFixed(1)}</text>`);
  }
  return parts;
}

export function plotBars({ native, wasm, machine }) {
  const present = barRows(native, wasm);
  const { width, left, right, rowHeight, panelGap, top } = SIZE;
  const panels = ['interleaved', 'half'].map((layout) => present.filter((r) => r.layout === layout));
  const height = top + panels.reduce((h, p) => h + p.length * rowHeight + panelGap, 0) + 20;
  const x = scaleLinear()
    .domain([0, Math.max(...present.map((r) => r.value)) * 1.05])
    .nice()
    .range([left, width - right]);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" ` +
      `font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="8" y="16" font-size="13" font-weight="600">RoPE in place, [4096 x 8 x 128] float32: ` +
      `GB/s (2 x 4 bytes per element)</text>`,
    `<text x="8" y="30" fill="#555">${escape(machine)}</text>`,
  ];
  let y0 = top;
  for (const panel of panels) {
    if (!panel.length) continue;
    parts.push(...panelSvg(panel, x, y0));
    y0 += panel.length * rowHeight + panelGap;
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
