// Section 1: the sinusoidal encoding as a scrollable table of numbers (copy / CSV).
import { PosencFigure, define } from '../figure.js';
import { NumTable } from '../table.js';
import { h } from '../dom.js';
import { pairColumn } from '../format.js';

export class SinusoidalTable extends PosencFigure {
  static tag = 'posenc-sinusoidal-table';
  static strings = {
    en: {
      table_title: 'Encoding table',
      table_hint: 'Scroll the grid; copy or download every value.',
    },
    zh: {
      table_title: '编码数值表',
      table_hint: '可滚动查看；可复制或下载全部数值。',
    },
  };
  title_() {
    return this.t('table_title');
  }
  setup() {
    this.control('positions', this.t('positions'));
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.table = new NumTable({
      name: 'sinusoidal',
      corner: 'pos',
      colName: pairColumn,
      copyLabel: this.t('copy'),
      copiedLabel: this.t('copied'),
    });
    this.body.append(h('p', { class: 'note', text: this.t('table_hint') }), this.table.el);
  }
  async update(p) {
    const r = await this.compute('sinusoidal', p);
    this.data = r.data;
    this.table.o.name = `sinusoidal_${p.positions}x${p.dim}_base${p.base}`;
    this.table.set({ data: r.data, rows: p.positions, cols: p.dim });
  }
}
define(SinusoidalTable);
