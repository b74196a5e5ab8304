// Section 0: without positions, attention cannot tell 我不爱你 from 不我爱你. Both orders' logits, B's put back in
// A's order, and their difference on a scale of its own.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { num } from '../format.js';

const TOKENS = ['我', '不', '爱', '你'];
const A = [0, 1, 2, 3],
  B = [1, 0, 2, 3]; // token ids in each order (same as recipes.js)

export class WhyPositions extends PosencFigure {
  static tag = 'posenc-why-positions';
  static strings = {
    en: {
      encoding: 'encoding',
      why_a: 'order A: 我 不 爱 你',
      why_b: 'order B: 不 我 爱 你 (re-ordered as A)',
      why_same: 'identical: without positions the two orders give the same scores, only permuted',
      why_diff: 'different: the encoding tells the two orders apart',
      why_maxdiff: 'max |A − B′|',
      why_d: 'A − B′: what the order changed (scale of its own)',
    },
    zh: {
      encoding: '编码',
      why_a: '顺序 A：我 不 爱 你',
      why_b: '顺序 B：不 我 爱 你（按 A 的字序重排）',
      why_same: '完全相同：没有位置信息时，两种顺序的分数只是换了排列',
      why_diff: '不同：位置编码区分出了两种顺序',
      why_maxdiff: '最大 |A − B′|',
      why_d: 'A − B′：顺序改变了什么（单独的色标）',
    },
  };
  title_() {
    return this.locale === 'zh' ? '“我不爱你”与“不我爱你”：注意力 logit' : '“我不爱你” vs “不我爱你”: attention logits';
  }
  setup() {
    this.control('encoding', this.t('encoding'), { names: (v) => this.t(`enc_${v}`) });
    this.control('dim', this.t('dim'));
    this.control('seed', this.t('seed'));
    const opts = {
      scheme: 'rdbu',
      xLabels: TOKENS,
      yLabels: TOKENS,
      showValues: true,
      maxHeight: 260,
      xLabel: this.t('key'),
      yLabel: this.t('query'),
    };
    this.ha = new Heatmap({ ...opts, title: this.t('why_a'), name: 'order_a' });
    this.hb = new Heatmap({ ...opts, title: this.t('why_b'), name: 'order_b_reordered' });
    // the difference on a scale of its own: RoPE's changes are tenths beside logits of about 6, unseen on theirs
    this.hd = new Heatmap({ ...opts, title: this.t('why_d'), name: 'difference' });
    this.verdict = h('div', { class: 'cards' });
    this.body.append(h('div', { class: 'grid2' }, this.ha.el, this.hb.el, this.hd.el), this.verdict);
  }
  async update(p) {
    const r = await this.compute('whyPositions', p);
    // Put B's rows and columns back in A's token order (pure re-indexing).
    const where = A.map((tok) => B.indexOf(tok));
    const b2 = new Float32Array(16),
      d = new Float32Array(16);
    let diff = 0,
      amax = 0;
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        b2[i * 4 + j] = r.b[where[i] * 4 + where[j]];
        d[i * 4 + j] = r.a[i * 4 + j] - b2[i * 4 + j];
        diff = Math.max(diff, Math.abs(d[i * 4 + j]));
        amax = Math.max(amax, Math.abs(r.a[i * 4 + j]), Math.abs(b2[i * 4 + j]));
      }
    const domain = [-amax, amax];
    const describe = (i, j, v, e) => `${TOKENS[i]} → ${TOKENS[j]}: ${e}`;
    this.ha.set({ data: r.a, rows: 4, cols: 4, domain, opts: { describe } });
    this.hb.set({ data: b2, rows: 4, cols: 4, domain, opts: { describe } });
    this.hd.set({ data: d, rows: 4, cols: 4, domain: [-diff || -1, diff || 1], opts: { describe } });
    const same = diff <= 1e-6 * Math.max(1, amax);
    this.verdict.replaceChildren(
      h(
        'div',
        { class: 'card' },
        h('div', { class: 'k', text: this.t('why_maxdiff') }),
        h('div', { class: `v ${same ? 'bad' : 'ok'}`, text: num(diff) }),
      ),
      h(
        'div',
        { class: 'card', style: 'flex:3 1 300px' },
        h('div', { class: 'k', text: this.t(`enc_${p.encoding}`) }),
        h('div', {
          class: same ? 'bad' : 'ok',
          style: 'font-weight:600',
          text: this.t(same ? 'why_same' : 'why_diff'),
        }),
      ),
    );
    this.redraw();
  }
  redraw() {
    const maps = [this.ha, this.hb, this.hd],
      widths = maps.map((m) => this.widthOf(m.el));
    maps.forEach((m, i) => m.draw(widths[i]));
  } // read, then write
}
define(WhyPositions);
