// Section 5, more: ALiBi's linear bias for one head and T5's relative-position buckets, side by side.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { num } from '../format.js';
import { bucketRuns, listDistances } from '../bucket-runs.js';

export class AlibiT5 extends PosencFigure {
  static tag = 'posenc-alibi-t5';
  static strings = {
    en: {
      alibi_title: 'ALiBi bias and T5 buckets: no vectors, only a function of i − j',
      heads: 'heads',
      mask: 'mask',
      mask_none: 'none',
      mask_causal: 'causal (j > i masked)',
      buckets: 'T5 buckets',
      maxDistance: 'T5 max distance',
      direction: 'T5 direction',
      direction_bidirectional: 'bidirectional (encoder)',
      direction_causal: 'one-way (decoder)',
      alibi_panel: 'ALiBi: −slope · |i − j|',
      t5_panel: 'T5: bucket of j − i',
      masked: '−∞ (masked)',
      alibi_note:
        'ALiBi adds a fixed penalty that grows linearly with distance, one slope per head (a geometric ' +
        'sequence from alibiSlopes). T5 learns one scalar per bucket: the shortest distances get a bucket ' +
        'each, longer ones share buckets that widen logarithmically up to max distance. Its colours only tell ' +
        'the buckets apart: a bucket id is a name, not an amount.',
      slope_of: 'slope of head {h} (of {n} heads)',
      t5_own: 'Here, looking back: distances {a} have a bucket each; bucket {b} is the first shared, by distances {c}.',
      t5_all_own: 'Here, looking back: every distance shown ({a}) has a bucket of its own.',
    },
    zh: {
      alibi_title: 'ALiBi 偏置与 T5 分桶：没有向量，只是 i − j 的函数',
      heads: '头数',
      mask: '掩码',
      mask_none: '无',
      mask_causal: '因果（屏蔽 j > i）',
      buckets: 'T5 桶数',
      maxDistance: 'T5 最大距离',
      direction: 'T5 方向',
      direction_bidirectional: '双向（编码器）',
      direction_causal: '单向（解码器）',
      alibi_panel: 'ALiBi：−slope · |i − j|',
      t5_panel: 'T5：j − i 所在的桶',
      masked: '−∞（被屏蔽）',
      alibi_note:
        'ALiBi 加上一个随距离线性增长的固定惩罚，每个头一个斜率（由 alibiSlopes 给出的等比数列）。T5 ' +
        '为每个桶学习一个标量：最短的那些距离各占一个桶，更远的距离共用按对数变宽的桶，直到最大距离。' +
        '它的颜色只用来区分桶：桶号是名字，不是大小。',
      slope_of: '第 {h} 个头的斜率（共 {n} 个头）',
      t5_own: '当前设置下往前看：距离 {a} 各占一个桶；第一个共用的桶是 {b} 号，由距离 {c} 共用。',
      t5_all_own: '当前设置下往前看：图中每个距离（{a}）都各占一个桶。',
    },
  };
  title_() {
    return this.t('alibi_title');
  }
  constrain(p) {
    p.head = Math.min(p.head, p.heads);
  }
  setup() {
    this.control('seq', this.t('seq'));
    this.control('heads', this.t('heads'));
    this.control('head', this.t('head'));
    this.control('mask', this.t('mask'), { names: (v) => this.t(`mask_${v}`) });
    this.control('buckets', this.t('buckets'));
    this.control('maxDistance', this.t('maxDistance'));
    this.control('direction', this.t('direction'), { names: (v) => this.t(`direction_${v}`) });
    this.alibi = new Heatmap({
      scheme: 'viridis',
      title: this.t('alibi_panel'),
      xLabel: this.t('key'),
      yLabel: this.t('query'),
      maxHeight: 300,
      name: 'alibi_bias',
    });
    this.t5 = new Heatmap({
      scheme: 'cat',
      showValues: true,
      title: this.t('t5_panel'),
      xLabel: this.t('key'),
      yLabel: this.t('query'),
      maxHeight: 300,
      name: 't5_buckets',
    });
    this.a = h('div', {}, this.alibi.el);
    this.b = h('div', {}, this.t5.el);
    this.info = h('p', { class: 'note' });
    this.runs = h('p', { class: 'note t5-runs' });
    this.body.append(
      h('div', { class: 'grid2' }, this.a, this.b),
      this.info,
      h('p', { class: 'note', text: this.t('alibi_note') }),
      this.runs,
    );
  }
  async update(p) {
    const r = await this.compute('alibiT5', p);
    this.alibi.set({
      data: r.bias,
      rows: p.seq,
      cols: p.seq,
      opts: {
        name: `alibi_${p.seq}_h${p.head}of${p.heads}`,
        describe: (i, j, v, e) => `bias(${i}, ${j}) = ${Number.isFinite(v) ? e : this.t('masked')}`,
      },
    });
    this.t5.set({
      data: r.buckets,
      rows: p.seq,
      cols: p.seq,
      opts: {
        name: `t5_buckets_${p.seq}_${p.buckets}_${p.maxDistance}`,
        describe: (i, j, v) => `bucket(j − i = ${j - i}) = ${v}`,
      },
    });
    const { own, shared } = bucketRuns(r.buckets, p.seq);
    this.runs.textContent = shared
      ? this.t('t5_own')
          .replace('{a}', own ? listDistances([...Array(own).keys()]) : '–')
          .replace('{b}', shared.bucket)
          .replace('{c}', listDistances(shared.distances))
      : this.t('t5_all_own').replace('{a}', listDistances([...Array(own).keys()]));
    this.info.textContent = `${this.t('slope_of').replace('{h}', p.head).replace('{n}', p.heads)}: ${num(r.slope)}`;
    this.redraw();
  }
  redraw() {
    const wa = this.widthOf(this.a),
      wb = this.widthOf(this.b);
    this.alibi.draw(wa);
    this.t5.draw(wb);
  } // read, then write: one layout
}
define(AlibiT5);
