// Section 2, the learned table's blind zone in a trained model: the lab's learned scheme (results shipped
// with the page, default settings) tested from its training length to 8 times it. Past the training length
// the input reaches rows of the table that training never updated.
import { define } from '../figure.js';
import { LabFigure } from '../lab-figure.js';
import { LinePlot } from '../lineplot.js';
import { LAB_DEFAULTS } from '../lab-defaults.js';
import { labSettings, settingsKey } from '../lab-job.js';
import { schemeName, schemeStyle } from '../lab-strings.js';
import { shares, spread } from './lab-accuracy.js';
import { h, s } from '../dom.js';

const SCHEMES = ['learned', 'learned-rand', 'rope'];
let patternId = 0;

/** A line plot with the x range past `from` hatched and named. */
class ZonePlot extends LinePlot {
  draw(width) {
    super.draw(width);
    const z = this.d?.zone;
    if (!z || !this.rule) return;
    const g = this.rule.parentNode,
      [x0, x1] = this.x.range(),
      [y0] = this.y.range();
    const left = Math.max(x0, this.x(z.from)),
      id = `lab-zone-${++patternId}`;
    const zone = s(
      'g',
      { 'aria-hidden': 'true' },
      s(
        'defs',
        {},
        s(
          'pattern',
          { id, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
          s('line', {
            x1: 0,
            y1: 0,
            x2: 0,
            y2: 8,
            style: 'stroke:var(--muted)',
            'stroke-width': 1.5,
            'stroke-opacity': 0.4,
          }),
        ),
      ),
      s('rect', { x: left, y: 0, width: Math.max(0, x1 - left), height: y0, fill: `url(#${id})` }),
      s('text', { x: (left + x1) / 2, y: y0 - 8, 'text-anchor': 'middle', class: 'halo', text: z.label }),
    );
    const axes = g.querySelectorAll(':scope > .axis');
    axes[axes.length - 1].after(zone);
  }
}

export class LabBlindZone extends LabFigure {
  static tag = 'posenc-lab-blind-zone';
  static strings = {
    en: {
      title: 'A trained learned table past its training length',
      metric: 'measure',
      zone: (p) => `positions ≥ ${p}: rows training never reached`,
      note: (s, positions, task) =>
        `Tiny transformers trained on ${task} with contents of 1 to ${s.trainLength} tokens, so with inputs ` +
        `of at most ${positions} positions; results shipped with the lab, ${s.seeds} seeds. ` +
        'RoPE for comparison; “randomized” trains on random positions from the whole table.',
    },
    zh: {
      title: '训练过的位置表，超出训练长度之后',
      metric: '指标',
      zone: (p) => `位置 ≥ ${p}：训练从未触及的行`,
      note: (s, positions, task) =>
        `小型 Transformer 在“${task}”任务上训练，内容长 1 到 ${s.trainLength} 个 token，` +
        `输入最多 ${positions} 个位置；结果随实验发布，${s.seeds} 个种子。RoPE 作为对照；` +
        '“随机位置”指训练时从整张表里随机取位置。',
    },
  };
  title_() {
    return this.t('title');
  }
  setup() {
    this.control('metric', this.t('metric'), { names: (v) => this.t(v) });
    this.empty = h('p', { class: 'note' });
    this.plot = new ZonePlot({ xLabel: this.t('test_length'), height: 180, name: 'lab_learned_blind_zone' });
    this.note = h('p', { class: 'note' });
    this.body.append(this.empty, this.plot.el, this.note);
  }
  async update(p) {
    const data = await this.session.shipped();
    const set = data.sets.find((x) => x.key === settingsKey(labSettings(LAB_DEFAULTS)));
    this.empty.textContent = set ? '' : this.t('no_shipped');
    this.plot.el.hidden = !set;
    if (!set) return;
    const st = set.settings,
      lengths = set.runs[0].lengths;
    const series = SCHEMES.filter((k) => st.schemes.includes(k)).map((scheme) => {
      const { mean } = spread(set.runs.filter((r) => r.scheme === scheme).map((r) => shares(r, p.metric, st, lengths)));
      return {
        name: schemeName(this.locale, scheme),
        values: mean,
        ...schemeStyle(scheme),
        width: scheme === 'rope' ? 1.2 : 2,
      };
    });
    // a training input holds the content, the separator and the answer less its last token
    const positions = st.task === 'recall' ? 2 * Math.floor(st.trainLength / 2) + 2 : 2 * st.trainLength;
    this.plot.set({
      series,
      xs: lengths,
      yDomain: [0, 1],
      markers: [{ x: st.trainLength, label: `L = ${st.trainLength}` }],
      zone: { from: st.trainLength, label: this.t('zone')(positions) },
      opts: { yLabel: this.t(p.metric), name: `lab_blind_zone_${p.metric}` },
    });
    this.note.textContent = this.t('note')(st, positions, this.t(`task_${st.task}`));
    this.redraw();
  }
  redraw() {
    if (!this.plot.el.hidden) this.plot.draw(Math.min(this.widthOf(this.plot.el) || this.bodyWidth, 720));
  }
}
define(LabBlindZone);
