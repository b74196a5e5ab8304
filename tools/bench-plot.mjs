// The README's performance plot: GB/s per implementation for RoPE workload A
// (4096 x 8 x 128, in place), as a static SVG. Scales and ticks come from d3-scale.
import { scaleBand, scaleLinear } from 'd3-scale';

const escape = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export function plotBars({ native, wasm, machine }) {
  const n = (name) => native.find((r) => r.name === name)?.gbps;
  const w = (group, name) => wasm.find((r) => r.group === group && r.name === name)?.gbps;
  const rows = [];
  for (const layout of ['interleaved', 'half']) {
    const g = `rope A ${layout}`;
    rows.push(
      { layout, label: 'native: in-place stream (limit)', value: n('stream_in_place/A'), kind: 'limit' },
      { layout, label: 'native: memcpy, two buffers', value: n('memcpy/A'), kind: 'limit' },
      { layout, label: 'native: SIMD, cached', value: n(`rope_cached/A/${layout}/simd`), kind: 'native' },
      { layout, label: 'native: SIMD, fused', value: n(`rope_fused/A/${layout}/simd`), kind: 'native' },
      { layout, label: 'native: scalar reference, cached', value: n(`rope_cached/A/${layout}/scalar`), kind: 'native' },
      {
        layout,
        label: 'wasm: in-place stream (limit)',
        value: w('rope A interleaved', 'wasm simd, in-place stream x[i] *= a'),
        kind: 'limit',
      },
      {
        layout,
        label: 'wasm: memcpy, two buffers',
        value: w('rope A interleaved', 'wasm simd, memcpy (two buffers)'),
        kind: 'limit',
      },
      {
        layout,
        label: 'wasm SIMD: API, WasmBuffer, cached',
        value: w(g, 'wasm simd, API on a WasmBuffer (cached)'),
        kind: 'wasm',
      },
      {
        layout,
        label: 'wasm SIMD: API, WasmBuffer, fused',
        value: w(g, 'wasm simd, API on a WasmBuffer (fused)'),
        kind: 'wasm',
      },
      {
        layout,
        label: 'wasm SIMD: API, Float32Array in place',
        value: w(g, 'wasm simd, API on a Float32Array, in place (copy in/out)'),
        kind: 'wasm',
      },
      {
        layout,
        label: 'wasm scalar build: API, WasmBuffer',
        value: w(g, 'wasm scalar, API on a WasmBuffer (cached)'),
        kind: 'wasm',
      },
      { layout, label: 'plain JavaScript loop', value: w(g, 'plain JavaScript loop (cached cos/sin)'), kind: 'js' },
    );
  }
  const present = rows.filter((r) => Number.isFinite(r.value));
  const width = 760,
    left = 270,
    right = 60,
    rowHeight = 18,
    panelGap = 40,
    top = 40;
  const panels = ['interleaved', 'half'].map((layout) => present.filter((r) => r.layout === layout));
  const height = top + panels.reduce((h, p) => h + p.length * rowHeight + panelGap, 0) + 20;
  const x = scaleLinear()
    .domain([0, Math.max(...present.map((r) => r.value)) * 1.05])
    .nice()
    .range([left, width - right]);
  const colour = { limit: '#7f7f7f', native: '#0072b2', wasm: '#e69f00', js: '#cc79a7' }; // Okabe-Ito
  const parts = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 ` +
      `0 ${width} ${height}" font-family="system-ui, sans-serif" ` +
      `font-size="11">`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  parts.push(
    `<text x="8" y="16" font-size="13" font-weight="600">RoPE ` +
      `in place, [4096 x 8 x 128] float32: GB/s (2 x 4 bytes ` +
      `per element)</text>`,
  );
  parts.push(`<text x="8" y="30" fill="#555">${escape(machine)}</text>`);
  let y0 = top;
  for (const panel of panels) {
    if (!panel.length) continue;
    const y = scaleBand()
      .domain(panel.map((r) => r.label))
      .range([y0 + 14, y0 + 14 + panel.length * rowHeight])
      .padding(0.2);
    parts.push(`<text x="8" y="${y0 + 8}" font-weight="600">layout: ${panel[0].layout}</text>`);
    for (const t of x.ticks(6)) {
      parts.push(
        `<line x1="${x(t)}" x2="${x(t)}" y1="${y0 + 12}" y2="${y0 + 16 + panel.length * rowHeight}" stroke="#e5e5e5"/>`,
      );
      parts.push(
        `<text x="${x(t)}" y="${y0 + 26 + panel.length * rowHeight}" text-anchor="middle" fill="#555">${t}</text>`,
      );
    }
    for (const r of panel) {
      const yy = y(r.label);
      parts.push(`<text x="${left - 6}" y="${yy + y.bandwidth() / 2 + 4}" text-anchor="end">${escape(r.label)}</text>`);
      parts.push(
        `<rect x="${left}" y="${yy}" width="${Math.max(0, x(r.value) - left)}" ` +
          `height="${y.bandwidth()}" fill="${colour[r.kind]}"/>`,
      );
      parts.push(`<text x="${x(r.value) + 4}" y="${yy + y.bandwidth() / 2 + 4}">${r.value.toFixed(1)}</text>`);
    }
    y0 += panel.length * rowHeight + panelGap;
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
