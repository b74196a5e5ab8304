// Section 5, more: ALiBi's linear bias for one head and T5's relative-position buckets, side by side.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { exact } from '../format.js';
import { bucketRuns, listDistances } from '../bucket-runs.js';

export class AlibiT5 extends PosencFigure {
  static tag = 'posenc-alibi-t5';
  title_() { return this.t('alibi_title'); }
  constrain(p) { p.head = Math.min(p.head, p.heads); }
  setup() {
    this.control('seq', this.t('seq'));
    this.control('heads', this.t('heads'));
    this.control('head', this.t('head'));
    this.control('mask', this.t('mask'), { names: (v) => this.t(`mask_${v}`) });
    this.control('buckets', this.t('buckets'));
    this.control('maxDistance', this.t('maxDistance'));
    this.control('direction', this.t('direction'), { names: (v) => this.t(`direction_${v}`) });
    this.alibi = new Heatmap({ scheme: 'viridis', title: this.t('alibi_panel'), xLabel: this.t('key'), yLabel: this.t('query'), maxHeight: 300, name: 'alibi_bias' });
    this.t5 = new Heatmap({ scheme: 'cividis', title: this.t('t5_panel'), xLabel: this.t('key'), yLabel: this.t('query'), maxHeight: 300, name: 't5_buckets' });
    this.a = h('div', {}, this.alibi.el); this.b = h('div', {}, this.t5.el);
    this.info = h('p', { class: 'note' });
    this.runs = h('p', { class: 'note t5-runs' });
    this.body.append(h('div', { class: 'grid2' }, this.a, this.b), this.info, h('p', { class: 'note', text: this.t('alibi_note') }), this.runs);
  }
  async update(p) {
    const r = await this.compute('alibiT5', p);
    this.alibi.set({ data: r.bias, rows: p.seq, cols: p.seq, opts: { name: `alibi_${p.seq}_h${p.head}of${p.heads}`,
      describe: (i, j, v, e) => `bias(${i}, ${j}) = ${Number.isFinite(v) ? e : this.t('masked')}` } });
    this.t5.set({ data: r.buckets, rows: p.seq, cols: p.seq, opts: { name: `t5_buckets_${p.seq}_${p.buckets}_${p.maxDistance}`,
      describe: (i, j, v) => `bucket(j − i = ${j - i}) = ${v}` } });
    const { own, shared } = bucketRuns(r.buckets, p.seq);
    this.runs.textContent = shared
      ? this.t('t5_own').replace('{a}', own ? listDistances([...Array(own).keys()]) : '–').replace('{b}', shared.bucket).replace('{c}', listDistances(shared.distances))
      : this.t('t5_all_own').replace('{a}', listDistances([...Array(own).keys()]));
    this.info.textContent = `${this.t('slope_of').replace('{h}', p.head).replace('{n}', p.heads)}: ${exact(r.slope)}`;
    this.redraw();
  }
  redraw() { const wa = this.widthOf(this.a), wb = this.widthOf(this.b); this.alibi.draw(wa); this.t5.draw(wb); } // read, then write: one layout
}
define(AlibiT5);
