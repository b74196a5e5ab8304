// Line plot primitive (SVG, d3 scales/axes/shape): several series over an integer x, a legend,
// a hover / keyboard readout of every series at x, optional vertical markers, PNG / SVG / CSV.
import { scaleLinear, scaleLog } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { select } from 'd3-selection';
import { line } from './line.js';
import { bandPath } from './band.js';
import { h, s, axisTitles } from './dom.js';
import { num } from './format.js';
import { saveBlob, svgString, pngBlob, saveCsv, bgOf, plotDownloads } from './download.js';

/** A tick of a log axis: 0.001 … 1000 as they are, then 1e4, 1e5, … */
const power = (v) => (v >= 1e4 ? `1e${Math.round(Math.log10(v))}` : num(v));
const FLAT = 1e-5; // relative range below which a curve counts as constant (float32 ulp: 1.2e-7)

export class LinePlot {
  /** opts: title, xLabel, yLabel, height, name, label (its name in the figure's download menu if untitled) */
  constructor(opts = {}) {
    this.o = { height: 240, name: 'plot', ...opts };
    this.svg = s('svg', { role: 'img' });
    this.readout = h('div', { class: 'readout', 'aria-live': 'polite' });
    this.plot = h('div', { class: 'plot', tabindex: '0' }, this.svg);
    this.el = h('div', { class: 'lineplot' }, this.plot, this.readout);
    this.el.panel = this; // the figure's download menu finds its panels by this
    this.cursor = null;
    this.plot.addEventListener('pointermove', (e) => {
      const r = this.svg.getBoundingClientRect();
      this.cursor = this.nearest(this.x.invert(e.clientX - r.left - this.m.left));
      this.mark();
    });
    this.plot.addEventListener('pointerleave', () => {
      this.cursor = null;
      this.mark();
    });
    this.plot.addEventListener('keydown', (e) => {
      const step = { ArrowLeft: -1, ArrowRight: 1, PageDown: -10, PageUp: 10 }[e.key];
      if (!step || !this.d) return;
      e.preventDefault();
      this.cursor = (this.cursor ?? 0) + step;
      this.mark();
    });
  }

  /**
   * d: { series: [{ name, values, color, dash }], x0 (x of values[0], default 0), markers: [{ x, label }],
   * hMarkers: [{ y, label }], yDomain,
   * xs (optional: the x of each index, ascending, instead of x0 + i) }; opts.xLog / opts.yLog: log axes
   * (values <= 0 are not drawn on a log axis), ticked at powers of 10 or, on x, at opts.xTicks.
   */
  set(d) {
    this.d = d;
    return this;
  }

  draw(width) {
    const d = this.d;
    if (!d || !(width > 0)) return;
    const o = { ...this.o, ...d.opts };
    // legend entries wrap onto more rows when they do not fit the width
    const place = [];
    let lx0 = 54,
      row = 0;
    for (const q of d.series) {
      // a CJK character (or a full-width bracket) is about twice as wide as a Latin one
      const w = 34 + q.name.replace(/[^\0-\u2e7f]/g, '  ').length * 6.2;
      if (lx0 > 54 && lx0 + w > width) {
        row++;
        lx0 = 54;
      }
      place.push([lx0, row]);
      lx0 += w;
    }
    const m = (this.m = { top: (o.title ? 40 : 26) + 16 * row, right: 14, bottom: 38, left: 54 });
    const pw = Math.max(60, width - m.left - m.right),
      ph = o.height;
    const x0 = d.x0 ?? 0,
      n = Math.max(...d.series.map((q) => q.values.length));
    const xAt = (this.xAt = (i) => (d.xs ? d.xs[i] : x0 + i));
    const x = (this.x = (o.xLog ? scaleLog : scaleLinear)([xAt(0), xAt(n - 1)], [0, pw]));
    const ok = o.yLog ? (v) => Number.isFinite(v) && v > 0 : (v) => Number.isFinite(v);
    this.ok = ok;
    const y = (this.y = (o.yLog ? scaleLog : scaleLinear)(yRange(d, o.yLog, ok), [ph, 0]).nice());
    const svg = this.svg;
    svg.setAttribute('width', pw + m.left + m.right);
    svg.setAttribute('height', ph + m.top + m.bottom);
    // what a screen reader hears: the curves, the axes and the x range drawn
    svg.setAttribute(
      'aria-label',
      `${o.title ? `${o.title}: ` : ''}${d.series.map((q) => q.name).join(', ')}; ` +
        `${o.yLabel ?? ''} / ${o.xLabel ?? 'x'} ${xAt(0)} … ` +
        `${xAt(n - 1)}`,
    );
    while (svg.firstChild) svg.firstChild.remove();
    if (o.title) svg.append(s('text', { class: 'ptitle', x: m.left, y: 14, text: o.title }));
    drawLegend(svg, d.series, place, o.title ? 28 : 12);
    const g = s('g', { transform: `translate(${m.left},${m.top})` });
    svg.append(g);
    drawFrame(g, d, x, y, o, pw, ph);
    for (const q of d.series) {
      const px = (i) => x(xAt(i));
      // more than two points per pixel column: drawn as its band, which shows the same and rasterises far faster
      const band = !q.dash && q.values.length > 2 * pw;
      const width = q.width ?? 1.8;
      const path = band
        ? bandPath(q.values, px, (v) => y(v), ok, width / 2)
        : line()
            .defined((i) => ok(q.values[i]))
            .x(px)
            .y((i) => y(q.values[i]))(visibleIndices(q.values, px));
      g.append(
        s('path', {
          d: path,
          fill: band ? null : 'none',
          style: band ? `fill:${q.color}` : `stroke:${q.color}`,
          'stroke-width': band ? null : width,
          'stroke-dasharray': q.dash ?? null,
          'stroke-linejoin': band ? null : 'round',
        }),
      );
    }
    this.rule = s('line', { y1: 0, y2: ph, stroke: 'currentColor', 'stroke-opacity': 0.5, visibility: 'hidden' });
    this.dots = d.series.map((q) => s('circle', { r: 3.5, style: `fill:${q.color}`, visibility: 'hidden' }));
    // the reference lines' labels (drawn by drawFrame) moved over the curves: on their halo no curve hides one
    g.append(...g.querySelectorAll('.halo'), this.rule, ...this.dots);
    this.mark();
  }

  mark() {
    const d = this.d;
    if (!d || !this.rule) return;
    const x0 = d.x0 ?? 0,
      n = Math.max(...d.series.map((q) => q.values.length));
    if (this.cursor === null) {
      this.rule.setAttribute('visibility', 'hidden');
      this.dots.forEach((c) => c.setAttribute('visibility', 'hidden'));
      this.readout.textContent = '\u00a0';
      return;
    }
    let xv, idx;
    if (d.xs) {
      idx = this.cursor = Math.max(0, Math.min(n - 1, this.cursor));
      xv = d.xs[idx];
    } else {
      xv = this.cursor = Math.max(x0, Math.min(x0 + n - 1, this.cursor));
      idx = xv - x0;
    }
    this.rule.setAttribute('x1', this.x(xv));
    this.rule.setAttribute('x2', this.x(xv));
    this.rule.setAttribute('visibility', 'visible');
    const parts = [`${this.o.xLabel ?? 'x'} = ${xv}`];
    d.series.forEach((q, k) => {
      const v = q.values[idx];
      const c = this.dots[k];
      if ((this.ok ?? Number.isFinite)(v)) {
        c.setAttribute('cx', this.x(xv));
        c.setAttribute('cy', this.y(v));
        c.setAttribute('visibility', 'visible');
      } else c.setAttribute('visibility', 'hidden');
      parts.push(`${q.name}: ${v === undefined ? '–' : num(v)}`);
    });
    this.readout.textContent = parts.join('   ');
  }

  /** The cursor (an x, or an index when d.xs is given) nearest to x value `xv`. */
  nearest(xv) {
    const d = this.d;
    if (!d?.xs) return Math.round(xv);
    let best = 0;
    for (let i = 1; i < d.xs.length; i++) if (Math.abs(d.xs[i] - xv) < Math.abs(d.xs[best] - xv)) best = i;
    return best;
  }

  /** What the figure's download menu lists for this panel (see figure.js). */
  downloads() {
    return plotDownloads(this);
  }
  async downloadPng() {
    saveBlob(await pngBlob(this.svg, { background: bgOf(this.el) }), `${this.o.name}.png`);
  }
  downloadSvg() {
    saveBlob(
      new Blob([svgString(this.svg, { background: bgOf(this.el) })], { type: 'image/svg+xml' }),
      `${this.o.name}.svg`,
    );
  }
  downloadCsv() {
    const d = this.d,
      x0 = d.x0 ?? 0,
      n = Math.max(...d.series.map((q) => q.values.length));
    const q = (t) => (/[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t);
    const lines = [[this.o.xLabel ?? 'x', ...d.series.map((p) => p.name)].map(q).join(',')];
    for (let i = 0; i < n; i++)
      lines.push([d.xs ? d.xs[i] : x0 + i, ...d.series.map((p) => (i < p.values.length ? p.values[i] : ''))].join(','));
    saveCsv(lines.join('\n') + '\n', `${this.o.name}.csv`);
  }
}

/**
 * The indices of `values` worth drawing. A series with more points than the plot has pixels keeps,
 * per pixel column, its first, last, lowest and highest point (a gap counts as lowest, so it stays):
 * the line looks the same, and the path is a few thousand points long rather than tens of thousands.
 */
function visibleIndices(values, px) {
  const n = values.length,
    out = [];
  for (let i = 0, j; i < n; i = j) {
    const col = Math.floor(px(i));
    let lo = i,
      hi = i;
    for (j = i + 1; j < n && (n < 2048 ? false : Math.floor(px(j)) === col); j++) {
      if (!(values[j] >= values[lo])) lo = j;
      if (values[j] > values[hi]) hi = j;
    }
    out.push(...new Set([i, lo, hi, j - 1].sort((a, b) => a - b)));
  }
  return out;
}

/** The y domain [lo, hi] before nice(): d.yDomain, or the range of the drawable values, never empty. */
function yRange(d, yLog, ok) {
  let lo = Infinity,
    hi = -Infinity;
  for (const q of d.series)
    for (const v of q.values)
      if (ok(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
  if (d.yDomain) [lo, hi] = d.yDomain;
  // A range within float32 rounding of its values is a constant curve: drawn over a few percent of
  // its size, it stays flat instead of magnifying the rounding noise into full-height wiggles.
  else if (!yLog && hi >= lo && hi - lo <= FLAT * Math.max(Math.abs(lo), Math.abs(hi))) {
    const mid = (lo + hi) / 2,
      half = 0.05 * Math.abs(mid);
    lo = mid - half;
    hi = mid + half;
  }
  if (!(hi > lo)) {
    if (yLog) {
      lo = (lo > 0 && Number.isFinite(lo) ? lo : 1) / 10;
      hi = lo * 100;
    } else {
      hi = lo + 1;
      lo -= 1;
    }
  }
  return [lo, hi];
}

/** One legend entry per series, its line and its name, at its place from the wrapping above. */
function drawLegend(svg, series, place, top) {
  series.forEach((q, k) => {
    const [lx, lr] = place[k];
    const g = s(
      'g',
      { transform: `translate(${lx},${top + 16 * lr})` },
      s('line', {
        x1: 0,
        x2: 16,
        y1: 0,
        y2: 0,
        style: `stroke:${q.color}`,
        'stroke-width': 2.5,
        'stroke-dasharray': q.dash ?? null,
      }),
      s('text', { x: 20, y: 0, 'dominant-baseline': 'central', style: 'font-size:11px', text: q.name }),
    );
    svg.append(g);
  });
}

/** Into plot group g: the axes with their grid, the y = 0 line, the axis titles and the dashed reference lines. */
function drawFrame(g, d, x, y, o, pw, ph) {
  const gx = s('g', { class: 'axis', transform: `translate(0,${ph})` }),
    gy = s('g', { class: 'axis' });
  g.append(gx, gy);
  const pow10 = (v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9;
  const powers = (sc, every) =>
    sc
      .ticks()
      .filter(pow10)
      .filter((_, i, a) => i % Math.max(1, Math.ceil(a.length / every)) === 0);
  const xAxis = axisBottom(x).tickSize(3);
  if (o.xLog) xAxis.tickValues(o.xTicks ?? powers(x, Math.max(2, Math.floor(pw / 55)))).tickFormat(power);
  else xAxis.ticks(Math.max(2, Math.floor(pw / 70))).tickFormat((v) => (Number.isInteger(v) ? String(v) : ''));
  select(gx).call(xAxis);
  const yAxis = axisLeft(y).tickSize(-pw);
  if (o.yLog) yAxis.tickValues(powers(y, 6)).tickFormat(power);
  else yAxis.ticks(5).tickFormat((v) => num(v));
  select(gy).call(yAxis);
  gy.querySelectorAll('.tick line').forEach((l) => l.setAttribute('stroke-opacity', '0.18'));
  if (!o.yLog && y.domain()[0] < 0 && y.domain()[1] > 0)
    g.append(s('line', { x1: 0, x2: pw, y1: y(0), y2: y(0), stroke: 'currentColor', 'stroke-opacity': 0.35 }));
  axisTitles(g, o, pw, ph, -42);
  for (const mk of d.markers ?? []) {
    if (mk.x < x.domain()[0] || mk.x > x.domain()[1]) continue;
    g.append(
      s('line', {
        x1: x(mk.x),
        x2: x(mk.x),
        y1: 0,
        y2: ph,
        style: `stroke:${mk.color ?? 'var(--fg)'}`,
        'stroke-dasharray': '4 3',
        'stroke-opacity': 0.7,
      }),
    );
    if (mk.label) g.append(s('text', { x: x(mk.x) + 4, y: 10, class: 'halo', text: mk.label }));
  }
  for (const mk of d.hMarkers ?? []) {
    // horizontal reference lines: [{ y, label, color }]
    if (!(mk.y >= Math.min(...y.domain()) && mk.y <= Math.max(...y.domain()))) continue;
    g.append(
      s('line', {
        x1: 0,
        x2: pw,
        y1: y(mk.y),
        y2: y(mk.y),
        style: `stroke:${mk.color ?? 'var(--fg)'}`,
        'stroke-dasharray': '4 3',
        'stroke-opacity': 0.7,
      }),
    );
    if (mk.label)
      g.append(s('text', { x: pw - 4, y: y(mk.y) - 4, 'text-anchor': 'end', class: 'halo', text: mk.label }));
  }
}
