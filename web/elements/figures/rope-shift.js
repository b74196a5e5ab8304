// Section 4e: shift invariance: score(m, n) - score(m + k, n + k) is rounding noise, for any k.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { num } from '../format.js';

export class RopeShift extends PosencFigure {
  static tag = 'posenc-rope-shift';
  static strings = {
    en: {
      shift_title: 'score(m, n) − score(m + k, n + k)',
      shift: 'shift k',
      shift_max: 'rounding: max |difference|',
      shift_typ: 'typical |score|',
    },
    zh: {
      shift_title: 'score(m, n) − score(m + k, n + k)',
      shift: '平移 k',
      shift_max: '舍入误差：最大 |差值|',
      shift_typ: '典型 |score|',
    },
  };
  title_() {
    return this.locale === 'zh' ? '平移不变性' : 'Shift invariance';
  }
  setup() {
    this.control('shift', this.t('shift'));
    this.control('seq', this.t('seq'));
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('seed', this.t('seed'));
    this.hs = new Heatmap({
      scheme: 'rdbu',
      title: 'score(m, n)',
      xLabel: 'n',
      yLabel: 'm',
      maxHeight: 320,
      name: 'rope_scores',
    });
    this.hd = new Heatmap({
      scheme: 'rdbu',
      title: this.t('shift_title'),
      xLabel: 'n',
      yLabel: 'm',
      maxHeight: 320,
      name: 'rope_shift_difference',
    });
    this.cards = h('div', { class: 'cards' });
    this.body.append(h('div', { class: 'grid2' }, this.hs.el, this.hd.el), this.cards);
  }
  async update(p) {
    const r = await this.compute('ropeShift', p);
    const n = p.seq,
      diff = new Float32Array(n * n);
    let maxDiff = 0,
      sumAbs = 0,
      a = 0;
    for (let i = 0; i < n * n; i++) {
      diff[i] = r.atZero[i] - r.shifted[i];
      maxDiff = Math.max(maxDiff, Math.abs(diff[i]));
      sumAbs += Math.abs(r.atZero[i]);
      a = Math.max(a, Math.abs(r.atZero[i]));
    }
    // the difference on the scores' own scale: rounding (the cards give its size) takes the colour of zero,
    // and a real failure of shift invariance would show in colour
    const domain = [-a, a];
    this.hs.set({
      data: r.atZero,
      rows: n,
      cols: n,
      domain,
      opts: { describe: (i, j, v, e) => `score(${i}, ${j}) = ${e}` },
    });
    this.hd.set({
      data: diff,
      rows: n,
      cols: n,
      domain,
      opts: { describe: (i, j, v, e) => `score(${i}, ${j}) − score(${i + p.shift}, ${j + p.shift}) = ${e}` },
    });
    const card = (k, v) =>
      h('div', { class: 'card' }, h('div', { class: 'k', text: k }), h('div', { class: 'v', text: v }));
    this.cards.replaceChildren(
      card(`${this.t('shift_max')} (k = ${p.shift})`, num(maxDiff)),
      card(this.t('shift_typ'), num(sumAbs / (n * n))),
    );
    this.redraw();
  }
  redraw() {
    const ws = this.widthOf(this.hs.el),
      wd = this.widthOf(this.hd.el);
    this.hs.draw(ws);
    this.hd.draw(wd);
  } // read, then write
}
define(RopeShift);
