// Section 4c: the elementwise form q ⊗ cos + swap(q) ⊗ sin, checked against the matrix form.
import { PosencFigure, define } from '../figure.js';
import { NumTable } from '../table.js';
import { h } from '../dom.js';
import { fixed, num } from '../format.js';

export class RopeElementwise extends PosencFigure {
  static tag = 'posenc-rope-elementwise';
  static strings = {
    en: {
      ew_q: 'q_j',
      ew_cos: 'cos',
      ew_swap: 'swapped q',
      ew_sin: 'sin',
      ew_rot: 'rope(q)_j',
      ew_mat: '(R q)_j',
      ew_maxdiff: 'max |rope(q) − R q|',
    },
    zh: {
      ew_q: 'q_j',
      ew_cos: 'cos',
      ew_swap: '交换后的 q',
      ew_sin: 'sin',
      ew_rot: 'rope(q)_j',
      ew_mat: '(R q)_j',
      ew_maxdiff: '最大 |rope(q) − R q|',
    },
  };
  title_() {
    return this.locale === 'zh' ? '逐位相乘形式与矩阵形式' : 'Elementwise form against the matrix form';
  }
  setup() {
    this.control('position', this.t('position'));
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('seed', this.t('seed'));
    this.cols = ['ew_q', 'ew_cos', 'ew_swap', 'ew_sin', 'ew_rot', 'ew_mat'].map((k) => this.t(k)).concat(['|Δ|']);
    this.table = new NumTable({
      name: 'rope_elementwise',
      corner: 'j',
      colName: (j) => this.cols[j],
      copyLabel: this.t('copy'),
      copiedLabel: this.t('copied'),
      format: (v, j) => (j === 6 ? num(v, 2) : fixed(v, 6)),
      cellClass: (i, j) => (i === 3 && j === 2 ? 'fix' : ''),
    });
    this.cards = h('div', { class: 'cards' });
    this.body.append(
      this.cards,
      this.table.el,
      h('p', {
        class: 'note',
        text:
          this.locale === 'zh'
            ? '框出的单元格是第 3 行“交换后的 q”：它等于 q_2（原文误写为 q_4）。'
            : 'The outlined cell is row 3 of “swapped q”: it is q_2 (the article prints q_4 there).',
      }),
    );
  }
  async update(p) {
    const r = await this.compute('ropeElementwise', p);
    const d = p.dim,
      cols = 7,
      data = new Float64Array(d * cols);
    let maxDiff = 0;
    for (let j = 0; j < d; j++) {
      // the second vector of the formula: (-q1, q0, -q3, q2, ...)
      const swapped = j % 2 === 0 ? -r.q[j + 1] : r.q[j - 1];
      const diff = Math.abs(r.elementwise[j] - r.matrix[j]);
      maxDiff = Math.max(maxDiff, diff);
      data.set([r.q[j], r.cos[j], swapped, r.sin[j], r.elementwise[j], r.matrix[j], diff], j * cols);
    }
    this.table.set({ data, rows: d, cols, highlightCols: new Set([4, 5]) });
    this.cards.replaceChildren(
      h(
        'div',
        { class: 'card' },
        h('div', { class: 'k', text: this.t('ew_maxdiff') }),
        h('div', { class: 'v', text: num(maxDiff) }),
        h('div', { class: 's', text: `m = ${p.position}, dim = ${d}` }),
      ),
    );
  }
}
define(RopeElementwise);
