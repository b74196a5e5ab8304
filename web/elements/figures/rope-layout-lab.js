// Section 6e: the interleaved and half pair layouts: the same x rotated both ways, the index
// permutation between them (checked with the library), and the scores when q and k are mixed.
import { PosencFigure, define } from '../figure.js';
import { NumTable } from '../table.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { exact } from '../format.js';

const fixed = (v) => (v >= 0 ? ' ' : '') + v.toFixed(6);

/** Largest (max − min) over the diagonals m − n = const of an n × n matrix (presentation of returned values). */
function diagonalSpread(data, n) {
  let worst = 0;
  for (let d = -(n - 1); d < n; d++) {
    let lo = Infinity, hi = -Infinity;
    for (let m = Math.max(0, d); m < n && m - d < n; m++) { const v = data[m * n + (m - d)]; if (v < lo) lo = v; if (v > hi) hi = v; }
    if (hi - lo > worst) worst = hi - lo;
  }
  return worst;
}

export class RopeLayoutLab extends PosencFigure {
  static tag = 'posenc-rope-layout-lab';
  title_() { return this.t('lay_title'); }
  setup() {
    this.control('dim', this.t('dim'));
    this.control('position', this.t('position'));
    this.control('seed', this.t('seed'));
    this.rowNames = ['lay_x', 'lay_inter', 'lay_half'].map((k) => this.t(k));
    this.rot = new NumTable({ name: 'rope_layouts', corner: 'j', rowName: (i) => this.rowNames[i], colName: (j) => String(j), copyLabel: this.t('copy'), copiedLabel: this.t('copied'), format: fixed });
    this.permCols = ['lay_from', 'lay_pr', 'lay_rp'].map((k) => this.t(k)).concat(['|Δ|']);
    this.perm = new NumTable({ name: 'rope_layout_permutation', corner: this.t('lay_j'), colName: (j) => this.permCols[j], copyLabel: this.t('copy'), copiedLabel: this.t('copied'),
      format: (v, j) => (j === 0 ? String(v) : j === 3 ? (v === 0 ? '0' : v.toExponential(1)) : fixed(v)) });
    this.arrows = h('p', { class: 'note', style: 'font-family: var(--mono); overflow-wrap: anywhere' });
    this.hr = new Heatmap({ scheme: 'rdbu', title: this.t('lay_right'), xLabel: 'n', yLabel: 'm', maxHeight: 300, name: 'rope_layout_right' });
    this.hm = new Heatmap({ scheme: 'rdbu', title: this.t('lay_mixed'), xLabel: 'n', yLabel: 'm', maxHeight: 300, name: 'rope_layout_mixed' });
    this.cards = h('div', { class: 'cards' });
    this.body.append(
      h('p', { class: 'note', text: this.t('lay_rot') }), this.rot.el,
      h('p', { class: 'note', text: this.t('lay_perm') }), this.arrows, this.perm.el,
      this.cards, h('div', { class: 'grid2' }, this.hr.el, this.hm.el),
      h('p', { class: 'note', text: this.t('lay_note') }));
  }
  async update(p) {
    const r = await this.compute('ropeLayoutLab', p);
    const d = p.dim, half = d / 2;
    // (a) x and its two rotations, one row each
    const rot = new Float64Array(3 * d);
    rot.set(r.x, 0); rot.set(r.interleaved, d); rot.set(r.half, 2 * d);
    this.rot.set({ data: rot, rows: 3, cols: d });
    // (b) the permutation as index arrows, and the library's check of it
    const arrows = [];
    for (let i = 0; i < half; i++) arrows.push(`(${r.perm[i]}, ${r.perm[i + half]}) → (${i}, ${i + half})`);
    this.arrows.textContent = arrows.join('   ');
    const cols = 4, data = new Float64Array(d * cols);
    let maxDiff = 0;
    for (let j = 0; j < d; j++) {
      const diff = Math.abs(r.permutedRope[j] - r.ropePermuted[j]);
      maxDiff = Math.max(maxDiff, diff);
      data.set([r.perm[j], r.permutedRope[j], r.ropePermuted[j], diff], j * cols);
    }
    this.perm.set({ data, rows: d, cols, highlightCols: new Set([1, 2]) });
    // (c) right against mixed layouts, on one colour scale
    const n = r.n, off = p.position;
    let lim = 0;
    for (const v of r.right) lim = Math.max(lim, Math.abs(v));
    for (const v of r.mixed) lim = Math.max(lim, Math.abs(v));
    const axes = { xLabel: off ? `n − ${off}` : 'n', yLabel: off ? `m − ${off}` : 'm' };
    const describe = (i, j, v, e) => `score(m = ${i + off}, n = ${j + off}), m − n = ${i - j}: ${e}`;
    this.hr.set({ data: r.right, rows: n, cols: n, domain: [-lim, lim], opts: { ...axes, describe } });
    this.hm.set({ data: r.mixed, rows: n, cols: n, domain: [-lim, lim], opts: { ...axes, describe } });
    const card = (k, v, sub) => h('div', { class: 'card' }, h('div', { class: 'k', text: k }), h('div', { class: 'v', text: v }), sub ? h('div', { class: 's', text: sub }) : null);
    this.cards.replaceChildren(
      card(this.t('lay_maxdiff'), exact(maxDiff), `m = ${p.position}, dim = ${d}`),
      card(`${this.t('lay_spread')} · ${this.t('lay_right')}`, exact(diagonalSpread(r.right, n))),
      card(`${this.t('lay_spread')} · ${this.t('lay_mixed')}`, exact(diagonalSpread(r.mixed, n))));
    this.redraw();
  }
  redraw() { const wr = this.widthOf(this.hr.el), wm = this.widthOf(this.hm.el); this.hr.draw(wr); this.hm.draw(wm); } // read, then write
}
define(RopeLayoutLab);
