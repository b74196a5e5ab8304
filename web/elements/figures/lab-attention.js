// Section 6, what the lab's models learned to look at: one head's attention weights on one test example, at
// the training length and at 4 times it, for a chosen scheme (seed 1), with the example's tokens on the axes.
import { define } from '../figure.js';
import { LabFigure } from '../lab-figure.js';
import { Heatmap } from '../heatmap.js';
import { LAB_MODEL, LAB_SCHEMES } from '../lab-defaults.js';
import { schemeName, tokenLabel } from '../lab-strings.js';
import { unpackAttention } from '../lab-job.js';
import { sourceText } from './lab-loss.js';
import { num } from '../format.js';
import { h } from '../dom.js';

let uid = 0;

export class LabAttention extends LabFigure {
  static tag = 'posenc-lab-attention';
  static strings = {
    en: {
      title: 'Where a trained model looks: attention at 1× and 4× the training length',
      scheme: 'scheme',
      layer: 'layer',
      head: 'head',
      at: (m, n) => `${m}× the training length: ${n} content tokens`,
      not_trained: 'This scheme is not among the trained ones: pick it in the controls, or another scheme here.',
      no_maps: 'No attention maps for these results.',
      note:
        'Row i: how query i spreads its attention over the tokens before it (weights from 0 to 1, each row sums ' +
        'to 1). Tokens: letters are the content, | the separator. In copy, a model that learned the task ' +
        'looks, from each answer position, at the content token it must repeat.',
      cell: (i, ti, j, tj, v) => `query ${i} (${ti}) → key ${j} (${tj}): ${v}`,
      weight: 'weight',
    },
    zh: {
      title: '训练好的模型看向哪里：训练长度 1 倍与 4 倍处的注意力',
      scheme: '方案',
      layer: '层',
      head: '头',
      at: (m, n) => `训练长度的 ${m} 倍：${n} 个内容 token`,
      not_trained: '这种方案不在已训练的方案之中：请在控制面板里勾选它，或在这里换一种方案。',
      no_maps: '这组结果没有注意力图。',
      note:
        '第 i 行：查询 i 的注意力在它之前各个 token 上的分布（权重在 0 到 1 之间，每行之和为 1）。坐标轴上的字母是内容，' +
        '| 是分隔符。在复制任务里，学会了任务的模型会从每个答案位置看向它要复述的那个内容 token。',
      cell: (i, ti, j, tj, v) => `查询 ${i}（${ti}）→ 键 ${j}（${tj}）：${v}`,
      weight: '权重',
    },
  };
  title_() {
    return this.t('title');
  }
  setup() {
    this.schemeSelect();
    this.control('layer', this.t('layer'), { max: LAB_MODEL.layers });
    this.control('head', this.t('head'), { max: LAB_MODEL.heads });
    this.source = h('p', { class: 'lab-source' });
    this.empty = h('p', { class: 'note' });
    this.maps = [0, 1].map(() => new Heatmap({ scheme: 'viridis', maxHeight: 340, aspect: 1 }));
    this.heads = this.maps.map(() => h('div', { class: 'lab-ptitle' }));
    this.panels = h(
      'div',
      { class: 'lab-panels' },
      this.maps.map((m, i) => h('div', { class: 'lab-panel' }, this.heads[i], m.el)),
    );
    this.body.append(this.source, this.empty, this.panels, h('p', { class: 'note', text: this.t('note') }));
  }
  /** The scheme as a native select: thirteen choices are too many for a row of buttons. */
  schemeSelect() {
    const id = `lab-scheme-${++uid}`;
    const select = h(
      'select',
      { id, onchange: () => this.setParam('scheme', select.value) },
      LAB_SCHEMES.map((s) => h('option', { value: s, text: schemeName(this.locale, s) })),
    );
    select.value = this.params.scheme;
    this.controlsEl.append(h('div', { class: 'control' }, h('label', { for: id, text: this.t('scheme') }), select));
    this.controls.scheme = { set: (v) => (select.value = v) };
    this.controlLabels.scheme = { label: this.t('scheme'), names: (v) => schemeName(this.locale, v) };
  }

  async update(p) {
    await this.session.shipped();
    const v = this.session.view();
    const trained = v.runs.some((r) => r.scheme === p.scheme);
    const maps = trained ? await this.session.attention(p.scheme) : null;
    const note = !v.runs.length
      ? this.t('no_results')
      : !trained
        ? this.t('not_trained')
        : !maps
          ? this.t('no_maps')
          : '';
    this.empty.textContent = note;
    this.source.textContent = v.runs.length ? sourceText(this, v) : '';
    this.panels.hidden = Boolean(note);
    if (note) return;
    const layer = Math.min(p.layer, maps[0].maps.length) - 1,
      head = Math.min(p.head, maps[0].maps[0].length) - 1;
    maps.slice(0, 2).forEach((m, k) => this.showMap(m, k, layer, head, v.settings, p.scheme));
    this.redraw();
  }

  showMap(m, k, layer, head, s, scheme) {
    const labels = m.tokens.map((t) => tokenLabel(s.task, t));
    // a label on every cell while they fit, else on every 4th (the readout names each cell's tokens)
    const every = m.size > 24 ? 4 : 1;
    const axis = labels.map((l, i) => (i % every ? '' : l));
    this.heads[k].textContent = this.t('at')(m.length / s.trainLength, m.length);
    this.maps[k].set({
      data: unpackAttention(m.maps[layer][head], m.size),
      rows: m.size,
      cols: m.size,
      domain: [0, 1],
      opts: {
        xLabel: this.t('key'),
        yLabel: this.t('query'),
        xLabels: axis,
        yLabels: axis,
        name: `lab_attention_${scheme}_L${layer + 1}_H${head + 1}_${m.length}`,
        label: this.heads[k].textContent, // its name in the figure's download menu
        describe: (i, j, w) => this.t('cell')(i, labels[i], j, labels[j], num(w)),
      },
    });
  }

  redraw() {
    if (this.panels.hidden) return;
    const w = this.widthOf(this.panels) || this.bodyWidth;
    const each = w >= 2 * 280 + 16 ? (w - 16) / 2 : w;
    for (const m of this.maps) m.draw(Math.min(each, 460));
  }
}
define(LabAttention);
