// Section 6e: the interleaved and half pair layouts: the same x rotated both ways, the index
// permutation between them (checked with the library), and the scores when q and k are mixed.
import { PosencFigure, define } from '../figure.js';
import { NumTable } from '../table.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { fixed, num } from '../format.js';

const fixed6 = (v) => fixed(v, 6);

/** Largest (max − min) over the diagonals m − n = const of an n × n matrix (presentation of returned values). */
function diagonalSpread(data, n) {
  let worst = 0;
  for (let d = -(n - 1); d < n; d++) {
    let lo = Infinity,
      hi = -Infinity;
    for (let m = Math.max(0, d); m < n && m - d < n; m++) {
      const v = data[m * n + (m - d)];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (hi - lo > worst) worst = hi - lo;
  }
  return worst;
}

export class RopeLayoutLab extends PosencFigure {
  static tag = 'posenc-rope-layout-lab';
  static strings = {
    en: {
      lay_title: 'Layout lab — interleaved vs half',
      lay_rot: 'The same x rotated to position m with each layout',
      lay_x: 'x',
      lay_rot_table: 'rotated x',
      lay_perm_table: 'permutation',
      lay_inter: 'rope(x, interleaved)',
      lay_half: 'rope(x, half)',
      lay_perm: 'The permutation: interleaved pair (2i, 2i+1) → half pair (i, i + d/2)',
      lay_j: 'half index j',
      lay_from: 'interleaved index',
      lay_pr: 'permute(rope(x, interleaved))_j',
      lay_rp: 'rope(permute(x), half)_j',
      lay_maxdiff: 'max |rope(permute(x), half) − permute(rope(x, interleaved))|',
      lay_right: 'right: q and k both interleaved',
      lay_mixed: 'mixed: q half, k interleaved',
      lay_spread: 'largest spread along one diagonal (max − min where m − n is fixed)',
      lay_note:
        'The two layouts are the same rotation with the features reordered, so a checkpoint works with either ' +
        'one as long as its weights were permuted to match. Rotating q one way and k the other is not: the ' +
        'logit then depends on where the two tokens are, not only on how far apart they are. Rows and columns ' +
        'are positions m, n from the position slider onwards.',
    },
    zh: {
      lay_title: '排列实验：交错排列与半分排列',
      lay_rot: '同一个 x 按两种排列旋转到位置 m',
      lay_x: 'x',
      lay_rot_table: '旋转后的 x',
      lay_perm_table: '置换',
      lay_inter: 'rope(x, interleaved)',
      lay_half: 'rope(x, half)',
      lay_perm: '置换：交错排列的一对 (2i, 2i+1) → 半分排列的一对 (i, i + d/2)',
      lay_j: '半分下标 j',
      lay_from: '交错下标',
      lay_pr: 'permute(rope(x, interleaved))_j',
      lay_rp: 'rope(permute(x), half)_j',
      lay_maxdiff: '最大 |rope(permute(x), half) − permute(rope(x, interleaved))|',
      lay_right: '正确：q、k 都用交错排列',
      lay_mixed: '混用：q 用 half，k 用交错排列',
      lay_spread: '同一条对角线上的最大起伏（m − n 固定时的最大值 − 最小值）',
      lay_note:
        '两种排列只是把同一个旋转的分量换了顺序：只要权重按相应方式重排，模型用哪一种都可以。但 q 用一种、k 用另一种就不行了：logit ' +
        '不再只取决于两个词相隔多远，还取决于它们各自在哪里。热图的行、列是从位置滑块的值开始的位置 m、n。',
    },
  };
  title_() {
    return this.t('lay_title');
  }
  setup() {
    this.control('dim', this.t('dim'));
    this.control('position', this.t('position'));
    this.control('seed', this.t('seed'));
    this.rowNames = ['lay_x', 'lay_inter', 'lay_half'].map((k) => this.t(k));
    this.rot = new NumTable({
      name: 'rope_layouts',
      label: this.t('lay_rot_table'),
      corner: 'j',
      rowName: (i) => this.rowNames[i],
      colName: (j) => String(j),
      copyLabel: this.t('copy'),
      copiedLabel: this.t('copied'),
      format: fixed6,
    });
    this.permCols = ['lay_from', 'lay_pr', 'lay_rp'].map((k) => this.t(k)).concat(['|Δ|']);
    this.perm = new NumTable({
      name: 'rope_layout_permutation',
      label: this.t('lay_perm_table'),
      corner: this.t('lay_j'),
      colName: (j) => this.permCols[j],
      copyLabel: this.t('copy'),
      copiedLabel: this.t('copied'),
      format: (v, j) => (j === 0 ? String(v) : j === 3 ? num(v, 2) : fixed6(v)),
    });
    this.arrows = h('p', { class: 'note', style: 'font-family: var(--mono); overflow-wrap: anywhere' });
    this.hr = new Heatmap({
      scheme: 'rdbu',
      title: this.t('lay_right'),
      xLabel: 'n',
      yLabel: 'm',
      maxHeight: 300,
      name: 'rope_layout_right',
    });
    this.hm = new Heatmap({
      scheme: 'rdbu',
      title: this.t('lay_mixed'),
      xLabel: 'n',
      yLabel: 'm',
      maxHeight: 300,
      name: 'rope_layout_mixed',
    });
    this.cards = h('div', { class: 'cards' });
    this.body.append(
      h('p', { class: 'note', text: this.t('lay_rot') }),
      this.rot.el,
      h('p', { class: 'note', text: this.t('lay_perm') }),
      this.arrows,
      this.perm.el,
      this.cards,
      h('div', { class: 'grid2' }, this.hr.el, this.hm.el),
      h('p', { class: 'note', text: this.t('lay_note') }),
    );
  }
  async update(p) {
    const r = await this.compute('ropeLayoutLab', p);
    const d = p.dim,
      half = d / 2;
    // (a) x and its two rotations, one row each
    const rot = new Float64Array(3 * d);
    rot.set(r.x, 0);
    rot.set(r.interleaved, d);
    rot.set(r.half, 2 * d);
    this.rot.set({ data: rot, rows: 3, cols: d });
    // (b) the permutation as index arrows, and the library's check of it
    const arrows = [];
    for (let i = 0; i < half; i++) arrows.push(`(${r.perm[i]}, ${r.perm[i + half]}) → (${i}, ${i + half})`);
    this.arrows.textContent = arrows.join('   ');
    const cols = 4,
      data = new Float64Array(d * cols);
    let maxDiff = 0;
    for (let j = 0; j < d; j++) {
      const diff = Math.abs(r.permutedRope[j] - r.ropePermuted[j]);
      maxDiff = Math.max(maxDiff, diff);
      data.set([r.perm[j], r.permutedRope[j], r.ropePermuted[j], diff], j * cols);
    }
    this.perm.set({ data, rows: d, cols, highlightCols: new Set([1, 2]) });
    // (c) right against mixed layouts, on one colour scale
    const n = r.n,
      off = p.position;
    let lim = 0;
    for (const v of r.right) lim = Math.max(lim, Math.abs(v));
    for (const v of r.mixed) lim = Math.max(lim, Math.abs(v));
    const axes = { xLabel: off ? `n − ${off}` : 'n', yLabel: off ? `m − ${off}` : 'm' };
    const describe = (i, j, v, e) => `score(m = ${i + off}, n = ${j + off}), m − n = ${i - j}: ${e}`;
    this.hr.set({ data: r.right, rows: n, cols: n, domain: [-lim, lim], opts: { ...axes, describe } });
    this.hm.set({ data: r.mixed, rows: n, cols: n, domain: [-lim, lim], opts: { ...axes, describe } });
    const card = (k, v, sub) =>
      h(
        'div',
        { class: 'card' },
        h('div', { class: 'k', text: k }),
        h('div', { class: 'v', text: v }),
        sub ? h('div', { class: 's', text: sub }) : null,
      );
    this.cards.replaceChildren(
      card(this.t('lay_maxdiff'), num(maxDiff), `m = ${p.position}, dim = ${d}`),
      card(`${this.t('lay_spread')} · ${this.t('lay_right')}`, num(diagonalSpread(r.right, n))),
      card(`${this.t('lay_spread')} · ${this.t('lay_mixed')}`, num(diagonalSpread(r.mixed, n))),
    );
    this.redraw();
  }
  redraw() {
    const wr = this.widthOf(this.hr.el),
      wm = this.widthOf(this.hm.el);
    this.hr.draw(wr);
    this.hm.draw(wm);
  } // read, then write
}
define(RopeLayoutLab);
