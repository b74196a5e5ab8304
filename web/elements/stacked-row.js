// One query row of a sum of parts as stacked bars (SVG, d3 scales/axes): at each key, positive parts
// stack up from 0 and negative ones down, and a dash marks the total the library returned with them.
// Each bar group carries a <title> with every value, for hover and for screen readers.
import { scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { select } from 'd3-selection';
import { h, s } from './dom.js';
import { exact } from './format.js';

export class StackedRow {
  /** opts: xLabel, yLabel, height */
  constructor(opts) {
    this.o = { height: 200, ...opts };
    this.svg = s('svg', { role: 'img' });
    this.el = h('div', { class: 'plot stacked' }, this.svg);
  }

  /** d: { parts: [{ name, values, color }], total: { name, values }, title } (values over the keys) */
  set(d) {
    this.d = d;
    return this;
  }

  draw(width) {
    const { d, o } = this;
    if (!d || !(width > 0)) return;
    const n = d.total.values.length,
      m = { top: 40, right: 10, bottom: 36, left: 50 };
    const pw = Math.max(60, width - m.left - m.right),
      ph = o.height;
    let lo = 0,
      hi = 0;
    for (let j = 0; j < n; j++) {
      let up = 0,
        down = 0;
      for (const p of d.parts) {
        const v = p.values[j];
        if (v > 0) up += v;
        else down += v;
      }
      lo = Math.min(lo, down, d.total.values[j]);
      hi = Math.max(hi, up, d.total.values[j]);
    }
    const x = scaleLinear([-0.5, n - 0.5], [0, pw]),
      y = scaleLinear([lo, hi > lo ? hi : lo + 1], [ph, 0]).nice();
    const svg = this.svg;
    svg.setAttribute('width', width);
    svg.setAttribute('height', ph + m.top + m.bottom);
    svg.setAttribute('aria-label', d.title);
    const g = s('g', { transform: `translate(${m.left},${m.top})` });
    const legend = [...d.parts, { name: d.total.name, color: 'var(--fg)' }].map((p, k) =>
      s(
        'g',
        { transform: `translate(${m.left + k * Math.min(150, pw / 4)},26)` },
        s('rect', { x: 0, y: -5, width: 10, height: 10, style: `fill:${p.color}` }),
        s('text', { x: 14, y: 0, 'dominant-baseline': 'central', style: 'font-size:11px', text: p.name }),
      ),
    );
    svg.replaceChildren(s('text', { class: 'ptitle', x: m.left, y: 12, text: d.title }), ...legend, g);
    const gx = s('g', { class: 'axis', transform: `translate(0,${ph})` }),
      gy = s('g', { class: 'axis' });
    g.append(gx, gy);
    select(gx).call(
      axisBottom(x)
        .ticks(Math.min(n, Math.max(2, Math.floor(pw / 60))))
        .tickFormat((v) => (Number.isInteger(v) ? String(v) : '')),
    );
    select(gy).call(axisLeft(y).ticks(5));
    g.append(
      s('text', { class: 'atitle', x: pw / 2, y: ph + 32, 'text-anchor': 'middle', text: o.xLabel }),
      s('text', {
        class: 'atitle',
        transform: `translate(-40,${ph / 2}) rotate(-90)`,
        'text-anchor': 'middle',
        text: o.yLabel,
      }),
    );
    const bw = Math.max(1, x(1) - x(0) - 1);
    for (let j = 0; j < n; j++) g.append(bar(d, j, x, y, bw, o.xLabel));
    g.append(s('line', { x1: 0, x2: pw, y1: y(0), y2: y(0), stroke: 'currentColor', 'stroke-opacity': 0.4 }));
  }
}

/** The bar at key j: its parts stacked from 0 (positive up, negative down), the dash at the total, a <title>. */
function bar(d, j, x, y, bw, xLabel) {
  const left = x(j - 0.5),
    ty = y(d.total.values[j]);
  let up = 0,
    down = 0;
  return s(
    'g',
    {},
    s('title', {
      text: `${xLabel} ${j}: ${[...d.parts, d.total].map((p) => `${p.name} ${exact(p.values[j])}`).join(', ')}`,
    }),
    ...d.parts.map((p) => {
      const v = p.values[j],
        from = v > 0 ? up : down,
        to = from + v;
      if (v > 0) up = to;
      else down = to;
      return s('rect', {
        x: left + 0.5,
        width: bw,
        y: y(Math.max(from, to)),
        height: Math.abs(y(from) - y(to)),
        style: `fill:${p.color}`,
      });
    }),
    s('line', { x1: left, x2: x(j + 0.5), y1: ty, y2: ty, style: 'stroke:var(--fg)', 'stroke-width': 2 }),
  );
}
