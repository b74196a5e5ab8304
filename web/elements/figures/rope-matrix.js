// Section 4b: the block-diagonal rotation matrix, and what the matrix form costs in memory.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { fmtInt, bytes } from '../format.js';

const SEQ = 4096;

export class RopeMatrix extends PosencFigure {
  static tag = 'posenc-rope-matrix';
  static strings = {
    en: {
      mat_title: 'R(m): dim × dim block-diagonal rotation',
      mem_matrix: 'matrix form',
      mem_elem: 'elementwise form (cos, sin)',
      per_pos: 'numbers per position',
      seq_mem: 'for 4096 positions (float32)',
    },
    zh: {
      mat_title: 'R(m)：dim × dim 分块对角旋转矩阵',
      mem_matrix: '矩阵形式',
      mem_elem: '逐位相乘形式（cos、sin）',
      per_pos: '每个位置的数值个数',
      seq_mem: '4096 个位置（float32）',
    },
  };
  title_() {
    return this.t('mat_title');
  }
  setup() {
    this.control('position', this.t('position'));
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.hm = new Heatmap({
      scheme: 'rdbu',
      xLabel: this.t('col'),
      yLabel: this.t('row'),
      showValues: true,
      maxHeight: 520,
      name: 'rope_matrix',
    });
    this.cards = h('div', { class: 'cards' });
    this.body.append(this.hm.el, this.cards);
  }
  async update(p) {
    const r = await this.compute('ropeMatrix', p);
    this.hm.set({
      data: r.data,
      rows: p.dim,
      cols: p.dim,
      domain: [-1, 1],
      opts: {
        name: `rope_matrix_m${p.position}_d${p.dim}`,
        describe: (i, j, v, e) => `R(${p.position})[${i}, ${j}] = ${e}`,
      },
    });
    const matrixN = r.data.length,
      elemN = 2 * p.dim; // R itself; cos and sin vectors of length dim
    const card = (k, n, color, frac) =>
      h(
        'div',
        { class: 'card' },
        h('div', { class: 'k', text: k }),
        h('div', { class: 'v', text: `${fmtInt(n)}` }),
        h('div', { class: 's', text: `${this.t('per_pos')}; ${this.t('seq_mem')}: ${bytes(n * SEQ * 4)}` }),
        h('div', { class: 'bar', style: `width:${Math.max(0.5, frac * 100)}%;background:${color}` }),
      );
    this.cards.replaceChildren(
      card(`${this.t('mem_matrix')}: dim²`, matrixN, '#E69F00', 1),
      card(`${this.t('mem_elem')}: 2·dim`, elemN, '#0072B2', elemN / matrixN),
    );
    this.redraw();
  }
  redraw() {
    this.hm.draw(Math.min(this.bodyWidth, 560));
  }
}
define(RopeMatrix);
