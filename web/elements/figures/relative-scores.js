// Section 3: DeBERTa's disentangled logits c2c + c2p + p2c, as the map that `panel` picks (c2p by default, whose
// stripes show the clipping where the other maps are products of random q and k; or p2c, c2c, the total, or all
// four) and, for one query, as stacked bars against the key position. The position table's scale is a control:
// a table straight from initialisation would leave c2p and p2c invisible next to c2c.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { StackedRow } from '../stacked-row.js';
import { h } from '../dom.js';

const PARTS = ['total', 'c2c', 'c2p', 'p2c'];
const COLORS = { c2c: '#0072B2', c2p: '#E69F00', p2c: '#009E73' };

export class RelativeScores extends PosencFigure {
  static tag = 'posenc-relative-scores';
  static strings = {
    en: {
      c2c: 'c2c: content → content',
      c2p: 'c2p: content → position',
      p2c: 'p2c: position → content',
      total: 'total logit',
      deberta_row: 'Query i = {i}: c2c + c2p + p2c at each key j',
    },
    zh: {
      c2c: 'c2c：内容 → 内容',
      c2p: 'c2p：内容 → 位置',
      p2c: 'p2c：位置 → 内容',
      total: '总 logit',
      deberta_row: '第 i = {i} 个查询：各个键 j 上的 c2c + c2p + p2c',
    },
  };
  title_() {
    return this.locale === 'zh'
      ? '训练式相对位置：解耦注意力的三项 logit'
      : 'Trained relative positions: the three logit terms';
  }
  constrain(p) {
    p.query = Math.min(p.query, p.seq - 1);
  }
  setup() {
    this.control('seq', this.t('seq'));
    this.control('dim', this.t('dim'));
    this.control('min', this.t('dmin'));
    this.control('max', this.t('dmax'));
    this.control('posScale', this.t('pos_scale'));
    this.control('query', this.t('query'));
    this.control('seed', this.t('seed'));
    // four maps for `all`; one panel alone is the first map, so switching panels changes its data and title, not
    // the figure's layout
    this.maps = PARTS.map(
      () => new Heatmap({ scheme: 'rdbu', xLabel: this.t('key'), yLabel: this.t('query'), maxHeight: 300 }),
    );
    this.row = new StackedRow({ xLabel: this.t('key'), yLabel: 'logit' });
    this.body.append(
      h(
        'div',
        { class: 'grid2' },
        this.maps.map((m) => m.el),
      ),
      h('p', {
        class: 'note',
        text:
          this.locale === 'zh'
            ? '总 logit 与三项共用一个以 0 为中心的色标，位置尺度因此显示出 c2p、p2c 与 c2c 相比有多大。c2p、p2c 的条纹来自截断：' +
              '|i − j| 超出范围的距离共用同一个位置向量。'
            : 'The total and its three terms share one colour scale centred on 0, so the position scale shows how ' +
              'large c2p and p2c are next to c2c. The stripes in c2p and p2c come from clipping: every distance ' +
              'beyond the range shares one position vector.',
      }),
      this.row.el,
    );
  }
  async update(p) {
    // the logits do not read `panel` or `query`: a change of either redraws what was computed
    const { panel, query, ...inputs } = p,
      key = JSON.stringify(inputs);
    if (this.key !== key) [this.r, this.key] = [await this.compute('relativeScores', inputs), key];
    const r = this.r;
    // one scale for the four: the terms' relative size is what the position scale changes
    let a = 0;
    for (const k of PARTS) for (let i = 0, x = r[k]; i < x.length; i++) a = Math.max(a, Math.abs(x[i]));
    const shown = panel === 'all' ? PARTS : [panel];
    this.maps.forEach((m, idx) => {
      const k = shown[idx];
      if ((m.el.hidden = !k)) return;
      m.set({
        data: r[k],
        rows: p.seq,
        cols: p.seq,
        domain: [-a, a],
        opts: { title: this.t(k), name: `deberta_${k}`, describe: (i, j, v, e) => `${k}[${i}, ${j}] = ${e}` },
      });
    });
    const at = (a) => a.subarray(query * p.seq, (query + 1) * p.seq);
    this.row.set({
      title: this.t('deberta_row').replace('{i}', query),
      total: { name: this.t('total'), values: at(r.total) },
      parts: ['c2c', 'c2p', 'p2c'].map((k) => ({ name: k, values: at(r[k]), color: COLORS[k] })),
    });
    this.redraw();
  }
  redraw() {
    const widths = [...this.maps, this.row].map((m) => this.widthOf(m.el));
    this.maps.forEach((m, i) => m.el.hidden || m.draw(widths[i])); // a hidden map has no width
    this.row.draw(widths[4]);
  } // read, then write
}
define(RelativeScores);
