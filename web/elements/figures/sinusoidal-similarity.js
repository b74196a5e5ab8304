// Section 1: PE(p) . PE(q): near positions alike, far ones different.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { LinePlot } from '../lineplot.js';
import { h, s } from '../dom.js';

export class SinusoidalSimilarity extends PosencFigure {
  static tag = 'posenc-sinusoidal-similarity';
  static strings = {
    en: {
      sim_title: 'PE(p) · PE(q)',
      sim_line: 'PE(anchor) · PE(p)',
      anchor: 'anchor p',
    },
    zh: {
      sim_title: 'PE(p) · PE(q)',
      sim_line: 'PE(锚点) · PE(p)',
      anchor: '锚点 p',
    },
  };
  title_() {
    return this.t('sim_title');
  }
  constrain(p) {
    p.anchor = Math.min(p.anchor, p.positions - 1);
  }
  setup() {
    this.control('positions', this.t('positions'));
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('anchor', this.t('anchor'));
    this.hm = new Heatmap({ scheme: 'viridis', xLabel: 'q', yLabel: 'p', maxHeight: 360, name: 'pe_dot_pe' });
    this.lp = new LinePlot({ xLabel: 'p', yLabel: 'PE · PE', height: 260, name: 'pe_dot_pe_row' });
    this.body.append(h('div', { class: 'grid2' }, this.hm.el, this.lp.el));
  }
  async update(p) {
    const r = await this.compute('sinusoidalSimilarity', { positions: p.positions, dim: p.dim, base: p.base });
    const n = p.positions,
      a = p.anchor;
    // the scales start at 0 (or below, where a sum of cosines dips under it), not at the smallest value:
    // every value of the matrix is in its first row, PE(0) · PE(q)
    let lo = 0,
      hi = 0;
    for (let q = 0; q < n; q++) [lo, hi] = [Math.min(lo, r.data[q]), Math.max(hi, r.data[q])];
    this.hm.set({
      data: r.data,
      rows: n,
      cols: n,
      domain: [lo, hi],
      opts: {
        describe: (i, j, v, e) => `PE(${i}) · PE(${j}) = ${e}`,
        annotate: (g, { y, pw }) =>
          g.append(
            s('rect', {
              x: 0,
              y: y(a),
              width: pw,
              height: Math.max(1.5, y(a + 1) - y(a)),
              fill: 'none',
              style: 'stroke:var(--fg)',
              'stroke-width': 1.5,
            }),
          ),
      },
    });
    const row = r.data.slice(a * n, a * n + n);
    this.lp.set({
      series: [{ name: `PE(${a}) · PE(p)`, values: row, color: 'var(--accent)' }],
      markers: [{ x: a, label: `p = ${a}` }],
      yDomain: [lo, hi],
      opts: { title: this.t('sim_line') },
    });
    this.redraw();
  }
  redraw() {
    const wh = this.widthOf(this.hm.el),
      wl = this.widthOf(this.lp.el);
    this.hm.draw(wh);
    this.lp.draw(wl);
  } // read, then write
}
define(SinusoidalSimilarity);
