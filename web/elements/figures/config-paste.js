// Section 6c: paste a model's config.json; see its rope fields, the library's frequencies and attention
// factor, the layout, and the equivalent llama.cpp flags. The text is only ever parsed with JSON.parse
// and shown with textContent: nothing in it is run or inserted as markup.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';
import { exact } from '../format.js';

const PHI_SHORT = [1.0, 1.0001, 1.0004, 1.0008, 1.0014, 1.0023, 1.0033, 1.0044, 1.0058, 1.0073, 1.0091, 1.011, 1.013, 1.0153, 1.0177, 1.0204, 1.0232, 1.0262, 1.0293, 1.0327, 1.0362, 1.0399, 1.0438, 1.0479, 1.0522, 1.0566, 1.0612, 1.066, 1.071, 1.0761, 1.0815, 1.087, 1.0927, 1.0986, 1.1047, 1.1109, 1.1173, 1.1239, 1.1307, 1.1377, 1.1449, 1.1522, 1.1597, 1.1674, 1.1753, 1.1833, 1.1916, 1.2];
const PHI_LONG = [1.0, 1.0128, 1.0366, 1.0683, 1.107, 1.1527, 1.2053, 1.2653, 1.3331, 1.4093, 1.4946, 1.5898, 1.6959, 1.8141, 1.9457, 2.0922, 2.2552, 2.4367, 2.639, 2.8644, 3.116, 3.3968, 3.7107, 4.0618, 4.4549, 4.8957, 5.3903, 5.946, 6.571, 7.2749, 8.0683, 8.9639, 9.976, 11.1211, 12.4182, 13.8892, 15.5596, 17.4586, 19.62, 22.0831, 24.8935, 28.1037, 31.7753, 35.9794, 40.799, 46.3306, 52.6871, 60.0];

/** Example configs (the fields that matter for RoPE, as the models' config.json spell them). */
export const EXAMPLE_CONFIGS = {
  llama31: { architectures: ['LlamaForCausalLM'], model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_key_value_heads: 8,
    max_position_embeddings: 131072, rope_theta: 500000.0,
    rope_scaling: { factor: 8.0, low_freq_factor: 1.0, high_freq_factor: 4.0, original_max_position_embeddings: 8192, rope_type: 'llama3' } },
  'qwen-yarn': { architectures: ['Qwen2ForCausalLM'], model_type: 'qwen2', hidden_size: 3584, num_attention_heads: 28, num_key_value_heads: 4,
    max_position_embeddings: 32768, rope_theta: 1000000.0,
    rope_scaling: { factor: 4.0, original_max_position_embeddings: 32768, type: 'yarn' } },
  'phi3-longrope': { architectures: ['Phi3ForCausalLM'], model_type: 'phi3', hidden_size: 3072, num_attention_heads: 32, num_key_value_heads: 32,
    max_position_embeddings: 131072, original_max_position_embeddings: 4096, rope_theta: 10000.0,
    rope_scaling: { type: 'longrope', short_factor: PHI_SHORT, long_factor: PHI_LONG } },
};

const MAX_TEXT = 200000;
const SCALING_KEYS = ['rope_type', 'type', 'factor', 'original_max_position_embeddings', 'low_freq_factor', 'high_freq_factor', 'beta_fast', 'beta_slow',
  'attention_factor', 'mscale', 'mscale_all_dim', 'truncate', 'short_factor', 'long_factor', 'max_position_embeddings'];
const isPosInt = (v) => Number.isInteger(v) && v > 0;
const show = (v) => (Array.isArray(v) ? `[${v.length} numbers]` : JSON.stringify(v));

/** Parse a config text into what the library needs, or { error }. Only reads fields; never evaluates. */
export function readConfig(text, t) {
  let c;
  try { c = JSON.parse(String(text).slice(0, MAX_TEXT)); } catch (err) { return { error: `${t('cfg_bad_json')}: ${err.message}` }; }
  if (!c || typeof c !== 'object' || Array.isArray(c)) return { error: t('cfg_not_object') };
  const tc = c.text_config && typeof c.text_config === 'object' && !Array.isArray(c.text_config) ? c.text_config : c; // multimodal configs
  let head = tc.head_dim;
  if (!isPosInt(head)) head = isPosInt(tc.hidden_size) && isPosInt(tc.num_attention_heads) && tc.hidden_size % tc.num_attention_heads === 0 ? tc.hidden_size / tc.num_attention_heads : null;
  if (!isPosInt(head) || head > 65536) return { error: t('cfg_no_dim') };
  const prf = tc.partial_rotary_factor;
  let dim = head;
  if (typeof prf === 'number' && prf > 0 && prf <= 1) dim = Math.max(2, Math.floor((head * prf) / 2) * 2); // as transformers: int(head_dim * factor)
  const params = tc.rope_parameters ?? tc.rope_scaling ?? null;
  const p = params && typeof params === 'object' && !Array.isArray(params) ? params : null;
  const theta = tc.rope_theta ?? p?.rope_theta ?? 10000;
  if (typeof theta !== 'number') return { error: `${t('cfg_bad_theta')}: ${show(theta).slice(0, 80)}` };
  let scaling = null;
  const fields = [['rope_theta', theta]];
  if (p) {
    scaling = {};
    for (const k of SCALING_KEYS) if (p[k] !== undefined && p[k] !== null) { scaling[k] = p[k]; fields.push([k, p[k]]); }
    // fields transformers reads from the top level of the config when rope_scaling lacks them
    for (const k of ['original_max_position_embeddings', 'max_position_embeddings']) if (scaling[k] === undefined && tc[k] !== undefined && tc[k] !== null) { scaling[k] = tc[k]; fields.push([`${k} (config)`, tc[k]]); }
    const type = scaling.rope_type ?? scaling.type;
    if (type === 'default' || type === undefined) scaling = null;
    if (type === 'su') scaling.rope_type = 'longrope'; // the early Phi-3 name
  }
  return { head, dim, base: theta, scaling, fields, type: scaling ? (scaling.rope_type ?? scaling.type) : 'default' };
}

/** llama.cpp flags for a parsed config (string formatting of its fields; 1/factor comes from the library). */
export function llamaCppFlags(cfg, r, t) {
  const lines = [`--rope-freq-base ${cfg.base}`];
  const s = cfg.scaling;
  switch (cfg.type) {
    case 'linear': lines.push('--rope-scaling linear', `--rope-freq-scale ${exact(r.freqScale)}`); break;
    case 'yarn':
      lines.push('--rope-scaling yarn', `--rope-freq-scale ${exact(r.freqScale)}`, '--yarn-ext-factor 1');
      if (s.original_max_position_embeddings ?? s.max_position_embeddings) lines.push(`--yarn-orig-ctx ${s.original_max_position_embeddings ?? s.max_position_embeddings}`);
      if (s.beta_fast !== undefined) lines.push(`--yarn-beta-fast ${s.beta_fast}`);
      if (s.beta_slow !== undefined) lines.push(`--yarn-beta-slow ${s.beta_slow}`);
      if (s.attention_factor !== undefined) lines.push(t('flag_attn'));
      else lines.push('--yarn-attn-factor 1');
      break;
    case 'llama3': lines.push(t('flag_llama3')); break;
    case 'longrope': lines.push(t('flag_longrope')); break;
    case 'dynamic': lines.push(t('flag_dynamic')); break;
    case 'ntk': lines.push(t('flag_ntk')); break;
    default: lines.push('--rope-scaling none');
  }
  return lines.join('\n');
}

export class ConfigPaste extends PosencFigure {
  static tag = 'posenc-config-paste';
  title_() { return this.t('cfg_title'); }
  setup() {
    // picking the current example again restores its text after an edit
    this.control('example', this.t('cfg_examples'), { names: (v) => this.t(`ex_${v}`), onInput: (v) => (v === this.params.example ? this.loadExample() : this.setParam('example', v)) });
    this.control('seqLen', this.t('seqLen'));
    const id = `cfg${Math.random().toString(36).slice(2)}`;
    this.area = h('textarea', { id, rows: '9', spellcheck: 'false', maxlength: String(MAX_TEXT), style: 'width:100%;font:12px/1.4 var(--mono);color:var(--fg);background:var(--panel);border:1px solid var(--border);border-radius:6px;padding:6px' });
    if (this.text === undefined || this.textFor !== this.params.example) { this.text = JSON.stringify(EXAMPLE_CONFIGS[this.params.example], null, 2); this.textFor = this.params.example; }
    this.area.value = this.text;
    let timer = 0;
    this.area.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => { this.text = this.area.value; this.invalidate(); }, 250); });
    this.msg = h('div', { 'aria-live': 'polite' });
    this.cards = h('div', { class: 'cards' });
    this.fieldsEl = h('pre', { class: 'readout', style: 'margin:4px 0;max-height:8em;overflow:auto' });
    this.flags = h('pre', { style: 'font:12px/1.5 var(--mono);background:var(--panel);border:1px solid var(--border);border-radius:6px;padding:6px 8px;margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere' });
    this.copyBtn = h('button', { type: 'button', class: 'act', text: this.t('cfg_copy'), onclick: () => navigator.clipboard?.writeText(this.flags.textContent).then(() => { this.copyBtn.textContent = this.t('copied'); }, () => {}) });
    this.plot = new LinePlot({ xLabel: this.t('pair_i'), yLabel: this.t('theta_log'), height: 220, yLog: true, name: 'config_theta' });
    this.result = h('div', {}, this.cards, h('div', { class: 'note', text: this.t('cfg_fields') }), this.fieldsEl,
      h('div', { class: 'note', text: this.t('cfg_flags') }), this.flags, h('div', { class: 'tools' }, this.copyBtn), this.plot.el);
    this.body.append(h('label', { for: id, class: 'note', text: this.t('cfg_label') }), this.area, this.msg, this.result);
  }
  attributeChangedCallback(name, old, value) {
    super.attributeChangedCallback(name, old, value);
    if (name === 'example' && this.built && this.textFor !== this.params.example) this.loadExample();
  }
  loadExample() {
    this.text = JSON.stringify(EXAMPLE_CONFIGS[this.params.example], null, 2); this.textFor = this.params.example;
    this.area.value = this.text; this.invalidate();
  }
  fail(message) {
    this.msg.replaceChildren(h('div', { class: 'err', role: 'alert', text: message }));
    this.result.hidden = true;
  }
  async update(p) {
    const cfg = readConfig(this.text, (k) => this.t(k));
    if (cfg.error) return this.fail(cfg.error);
    const r = await this.compute('configRope', { dim: cfg.dim, base: cfg.base, scaling: cfg.scaling, seqLen: p.seqLen });
    if (r.error) return this.fail(`${r.error.name}: ${r.error.message}`);
    this.msg.replaceChildren();
    this.result.hidden = false;
    const card = (k, v) => h('div', { class: 'card' }, h('div', { class: 'k', text: k }), h('div', { class: 'v', text: v }));
    this.cards.replaceChildren(card(this.t('rope_type'), String(cfg.type)), card(this.t('head_dim'), String(cfg.head)), card(this.t('rotary_dim'), String(cfg.dim)),
      card(this.t('base'), String(cfg.base)), card(this.t('attn'), exact(r.attention)), h('div', { class: 'card', style: 'flex-basis:100%' }, h('div', { class: 'k', text: this.t('layout') }), h('div', { class: 's', text: this.t('layout_half') })));
    this.fieldsEl.textContent = cfg.scaling ? cfg.fields.map(([k, v]) => `${k}: ${show(v)}`).join('\n') : this.t('cfg_none');
    this.flags.textContent = llamaCppFlags(cfg, r, (k) => this.t(k));
    const series = [{ name: this.t('sc_default'), values: r.default, color: 'var(--fg)', dash: '5 3' }];
    if (r.theta) series.push({ name: `${cfg.type}`, values: r.theta, color: '#D55E00' });
    this.plot.set({ series, opts: { title: this.t('cfg_freqs') } });
    this.redraw();
  }
  redraw() { if (!this.result.hidden) this.plot.draw(this.widthOf(this.plot.el) || this.width); }
}
define(ConfigPaste);
