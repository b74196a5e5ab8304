// Line plot primitive (SVG, d3 scales/axes/shape): several series over an integer x, a legend,
// a hover / keyboard readout of every series at x, optional vertical markers, PNG / SVG / CSV.
import { scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { select } from 'd3-selection';
import { line } from 'd3-shape';
import { h, s } from './dom.js';
import { exact } from './format.js';
import { saveBlob, svgString, pngBlob, saveCsv, bgOf } from './download.js';

export class LinePlot {
  /** opts: title, xLabel, yLabel, height, name */
  constructor(opts = {}) {
    this.o = { height: 240, name: 'plot', ...opts };
    this.svg = s('svg', { role: 'img' });
    this.readout = h('div', { class: 'readout', 'aria-live': 'polite' });
    this.plot = h('div', { class: 'plot', tabindex: '0' }, this.svg);
    this.tools = h('div', { class: 'tools' },
      h('button', { type: 'button', text: 'PNG', onclick: async () => saveBlob(await pngBlob(this.svg, { background: bgOf(this.el) }), `${this.o.name}.png`) }),
      h('button', { type: 'button', text: 'SVG', onclick: () => saveBlob(new Blob([svgString(this.svg, { background: bgOf(this.el) })], { type: 'image/svg+xml' }), `${this.o.name}.svg`) }),
      h('button', { type: 'button', text: 'CSV', onclick: () => this.downloadCsv() }));
    this.el = h('div', { class: 'lineplot' }, this.plot, this.readout, this.tools);
    this.cursor = null;
    this.plot.addEventListener('pointermove', (e) => { const r = this.svg.getBoundingClientRect(); this.cursor = Math.round(this.x.invert(e.clientX - r.left - this.m.left)); this.mark(); });
    this.plot.addEventListener('pointerleave', () => { this.cursor = null; this.mark(); });
    this.plot.addEventListener('keydown', (e) => {
      const step = { ArrowLeft: -1, ArrowRight: 1, PageDown: -10, PageUp: 10 }[e.key];
      if (!step || !this.d) return;
      e.preventDefault(); this.cursor = (this.cursor ?? 0) + step; this.mark();
    });
  }

  /** d: { series: [{ name, values, color, dash }], x0 (x of values[0], default 0), markers: [{ x, label }], yDomain } */
  set(d) { this.d = d; return this; }

  draw(width) {
    const d = this.d;
    if (!d || !(width > 0)) return;
    const o = { ...this.o, ...d.opts };
    const m = this.m = { top: o.title ? 40 : 26, right: 14, bottom: 38, left: 54 };
    const pw = Math.max(60, width - m.left - m.right), ph = o.height;
    const x0 = d.x0 ?? 0, n = Math.max(...d.series.map((q) => q.values.length));
    const x = this.x = scaleLinear([x0, x0 + n - 1], [0, pw]);
    let lo = Infinity, hi = -Infinity;
    for (const q of d.series) for (const v of q.values) if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (d.yDomain) [lo, hi] = d.yDomain;
    if (!(hi > lo)) { hi = lo + 1; lo -= 1; }
    const y = this.y = scaleLinear([lo, hi], [ph, 0]).nice();
    const svg = this.svg;
    svg.setAttribute('width', pw + m.left + m.right); svg.setAttribute('height', ph + m.top + m.bottom);
    svg.setAttribute('aria-label', o.title ?? 'line plot');
    while (svg.firstChild) svg.firstChild.remove();
    if (o.title) svg.append(s('text', { class: 'ptitle', x: m.left, y: 14, text: o.title }));
    // legend
    let lx = m.left;
    for (const q of d.series) {
      const g = s('g', { transform: `translate(${lx},${o.title ? 28 : 12})` },
        s('line', { x1: 0, x2: 16, y1: 0, y2: 0, style: `stroke:${q.color}`, 'stroke-width': 2.5, 'stroke-dasharray': q.dash ?? null }),
        s('text', { x: 20, y: 0, 'dominant-baseline': 'central', style: 'font-size:11px', text: q.name }));
      svg.append(g);
      lx += 34 + q.name.length * 6.2;
    }
    const g = s('g', { transform: `translate(${m.left},${m.top})` });
    svg.append(g);
    const gx = s('g', { class: 'axis', transform: `translate(0,${ph})` }), gy = s('g', { class: 'axis' });
    g.append(gx, gy);
    select(gx).call(axisBottom(x).ticks(Math.max(2, Math.floor(pw / 70))).tickSize(3).tickFormat((v) => (Number.isInteger(v) ? String(v) : '')));
    select(gy).call(axisLeft(y).ticks(5).tickSize(-pw).tickFormat((v) => Number(v.toPrecision(4)).toString()));
    gy.querySelectorAll('.tick line').forEach((l) => l.setAttribute('stroke-opacity', '0.18'));
    if (y.domain()[0] < 0 && y.domain()[1] > 0) g.append(s('line', { x1: 0, x2: pw, y1: y(0), y2: y(0), stroke: 'currentColor', 'stroke-opacity': 0.35 }));
    if (o.xLabel) g.append(s('text', { class: 'atitle', x: pw / 2, y: ph + 32, 'text-anchor': 'middle', text: o.xLabel }));
    if (o.yLabel) g.append(s('text', { class: 'atitle', transform: `translate(${-42},${ph / 2}) rotate(-90)`, 'text-anchor': 'middle', text: o.yLabel }));
    for (const mk of d.markers ?? []) {
      if (mk.x < x.domain()[0] || mk.x > x.domain()[1]) continue;
      g.append(s('line', { x1: x(mk.x), x2: x(mk.x), y1: 0, y2: ph, style: `stroke:${mk.color ?? 'var(--fg)'}`, 'stroke-dasharray': '4 3', 'stroke-opacity': 0.7 }));
      if (mk.label) g.append(s('text', { x: x(mk.x) + 4, y: 10, style: 'font-size:11px', text: mk.label }));
    }
    for (const q of d.series) {
      const path = line().defined((v) => Number.isFinite(v)).x((_, i) => x(x0 + i)).y((v) => y(v))(Array.from(q.values));
      g.append(s('path', { d: path, fill: 'none', style: `stroke:${q.color}`, 'stroke-width': q.width ?? 1.8, 'stroke-dasharray': q.dash ?? null, 'stroke-linejoin': 'round' }));
    }
    this.rule = s('line', { y1: 0, y2: ph, stroke: 'currentColor', 'stroke-opacity': 0.5, visibility: 'hidden' });
    this.dots = d.series.map((q) => s('circle', { r: 3.5, style: `fill:${q.color}`, visibility: 'hidden' }));
    g.append(this.rule, ...this.dots);
    this.mark();
  }

  mark() {
    const d = this.d;
    if (!d || !this.rule) return;
    const x0 = d.x0 ?? 0, n = Math.max(...d.series.map((q) => q.values.length));
    if (this.cursor === null) { this.rule.setAttribute('visibility', 'hidden'); this.dots.forEach((c) => c.setAttribute('visibility', 'hidden')); this.readout.textContent = '\u00a0'; return; }
    const xv = this.cursor = Math.max(x0, Math.min(x0 + n - 1, this.cursor));
    this.rule.setAttribute('x1', this.x(xv)); this.rule.setAttribute('x2', this.x(xv)); this.rule.setAttribute('visibility', 'visible');
    const parts = [`${this.o.xLabel ?? 'x'} = ${xv}`];
    d.series.forEach((q, k) => {
      const v = q.values[xv - x0];
      const c = this.dots[k];
      if (Number.isFinite(v)) { c.setAttribute('cx', this.x(xv)); c.setAttribute('cy', this.y(v)); c.setAttribute('visibility', 'visible'); } else c.setAttribute('visibility', 'hidden');
      parts.push(`${q.name}: ${v === undefined ? '–' : exact(v)}`);
    });
    this.readout.textContent = parts.join('   ');
  }

  downloadCsv() {
    const d = this.d, x0 = d.x0 ?? 0, n = Math.max(...d.series.map((q) => q.values.length));
    const q = (t) => (/[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t);
    const lines = [[this.o.xLabel ?? 'x', ...d.series.map((p) => p.name)].map(q).join(',')];
    for (let i = 0; i < n; i++) lines.push([x0 + i, ...d.series.map((p) => (i < p.values.length ? p.values[i] : ''))].join(','));
    saveCsv(lines.join('\n') + '\n', `${this.o.name}.csv`);
  }
}
