// Section 3: DeBERTa's disentangled logits: c2c + c2p + p2c.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';

const PARTS = ['total', 'c2c', 'c2p', 'p2c'];

export class RelativeScores extends PosencFigure {
  static tag = 'posenc-relative-scores';
  title_() { return this.locale === 'zh' ? '训练式相对位置：解耦注意力的三项 logit' : 'Trained relative positions: the three logit terms'; }
  setup() {
    this.control('seq', this.t('seq'));
    this.control('dim', this.t('dim'));
    this.control('min', this.t('dmin'));
    this.control('max', this.t('dmax'));
    this.control('seed', this.t('seed'));
    this.maps = PARTS.map((k) => new Heatmap({ scheme: 'rdbu', title: this.t(k), xLabel: this.t('key'), yLabel: this.t('query'), maxHeight: 300, name: `deberta_${k}` }));
    this.body.append(h('div', { class: 'grid2' }, this.maps.map((m) => m.el)), h('p', { class: 'note', text: this.locale === 'zh' ? '每幅图各自的色标以 0 为中心。c2p、p2c 的竖/横条纹来自截断：|i − j| 超出范围的距离共用同一个位置向量。' : 'Each panel has its own colour scale centred on 0. The stripes in c2p and p2c come from clipping: every distance beyond the range shares one position vector.' }));
  }
  async update(p) {
    const r = await this.compute('relativeScores', p);
    PARTS.forEach((k, idx) => this.maps[idx].set({ data: r[k], rows: p.seq, cols: p.seq, opts: { describe: (i, j, v, e) => `${k}[${i}, ${j}] = ${e}` } }));
    this.redraw();
  }
  redraw() { const widths = this.maps.map((m) => this.widthOf(m.el)); this.maps.forEach((m, i) => m.draw(widths[i])); } // read, then write
}
define(RelativeScores);
