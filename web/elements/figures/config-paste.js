// Section 6c: paste a model's config.json. The library reads it, as transformers resolves it
// (posenc.ropeFromConfig: every layer type, head dim, partial rotary, scaling, M-RoPE sections) and
// turns it into llama.cpp flags with notes (posenc.llamaCppFlags), in the modelConfig recipe.
// This element holds the figure's strings and controls; its view (the examples, the text box, what comes
// back) is config-paste-view.js, fetched when the figure first builds, as the model-config wasm is: a page
// without this figure downloads neither, and the embed keeps within its download budget.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { errorBox } from '../error-text.js';

let view = null;
/** config-paste-view.js, beside posenc-embed.js (or the page's app.js). An import of the module, not of a URL:
 *  an app's bundler builds it in as a chunk of its own, fetched from wherever the app's files are served. */
function loadView() {
  view ??= import('./config-paste-view.js').catch((err) => {
    view = null; // the next build tries again
    throw new Error(`posenc-config-paste: its view, config-paste-view.js beside the embed, did not load: ${err}`);
  });
  return view;
}

export class ConfigPaste extends PosencFigure {
  static tag = 'posenc-config-paste';
  static strings = {
    en: {
      cfg_title: 'Paste a model’s config.json',
      cfg_examples: 'examples',
      ex_llama31: 'Llama 3.1 8B (llama3)',
      'ex_qwen-yarn': 'Qwen2.5 7B + YaRN',
      'ex_phi3-longrope': 'Phi-3.5 mini (LongRoPE)',
      ex_gemma3: 'Gemma 3 4B (two layer types)',
      'ex_gpt-oss': 'gpt-oss-20b (YaRN, truncate: false)',
      'ex_qwen25-vl': 'Qwen2.5-VL 7B (M-RoPE)',
      'ex_phi35-v5': 'Phi-3.5 mini, transformers 5 format',
      cfg_label: 'config.json (read by the library; never run or inserted as markup)',
      seqLen: 'current sequence length (0 = none)',
      contextLength: 'llama.cpp context -c (0 = not given)',
      cfg_lib_error: 'The library cannot read this config:',
      cfg_fields: 'What the library resolved, one column per layer type',
      cfg_layer: 'layer type',
      head_dim: 'head dim',
      rotary_dim: 'rotary dim',
      rope_type: 'rope_type',
      layout: 'layout',
      layout_half: 'half: pairs (i, i + d/2)',
      layout_interleaved: 'interleaved: pairs (2i, 2i + 1)',
      'layout_interleaved-to-half': 'interleaved-to-half: pairs (2i, 2i + 1) in, (i, i + d/2) out',
      cfg_sections: 'M-RoPE sections',
      cfg_interleaved: 'sections interleaved',
      cfg_freqs: 'θ_i from the library, one curve per layer type',
      cfg_plain: 'same base, no scaling',
      cfg_flags: 'llama.cpp flags, one per line',
      cfg_copy: 'Copy flags',
      cfg_no_flags: 'No flag: see the notes below.',
      cfg_notes:
        'Notes from the library: what the resolved numbers and the flags cannot express, and ' +
        'whether a GGUF converted from this config already carries them',
    },
    zh: {
      cfg_title: '粘贴模型的 config.json',
      cfg_examples: '示例',
      ex_llama31: 'Llama 3.1 8B（llama3）',
      'ex_qwen-yarn': 'Qwen2.5 7B + YaRN',
      'ex_phi3-longrope': 'Phi-3.5 mini（LongRoPE）',
      ex_gemma3: 'Gemma 3 4B（两种层类型）',
      'ex_gpt-oss': 'gpt-oss-20b（YaRN，truncate: false）',
      'ex_qwen25-vl': 'Qwen2.5-VL 7B（M-RoPE）',
      'ex_phi35-v5': 'Phi-3.5 mini（transformers 5 格式）',
      cfg_label: 'config.json（交给库解析，不会执行，也不会作为 HTML 插入）',
      seqLen: '当前序列长度（0 = 不指定）',
      contextLength: 'llama.cpp 上下文长度 -c（0 = 不指定）',
      cfg_lib_error: '库无法读取这个 config：',
      cfg_fields: '库解析出的结果（每种层类型一列）',
      cfg_layer: '层类型',
      head_dim: '每头维度',
      rotary_dim: '旋转维度',
      rope_type: 'rope_type',
      layout: '排列方式',
      layout_half: 'half：(i, i + d/2) 成对',
      layout_interleaved: '交错：(2i, 2i + 1) 成对',
      'layout_interleaved-to-half': '交错转半：读 (2i, 2i + 1) 成对，写到 (i, i + d/2)',
      cfg_sections: 'M-RoPE 分段',
      cfg_interleaved: '分段交错排列',
      cfg_freqs: '库算出的 θ_i，每种层类型一条曲线',
      cfg_plain: '同一 base，不缩放',
      cfg_flags: 'llama.cpp 参数（每行一个）',
      cfg_copy: '复制参数',
      cfg_no_flags: '没有对应的参数，见下方说明。',
      cfg_notes: '库给出的说明：结果和参数表达不了什么，以及由该 config 转换得到的 GGUF 是否已自带这些设置',
    },
  };
  title_() {
    return this.t('cfg_title');
  }
  setup() {
    // picking the current example again restores its text after an edit
    this.control('example', this.t('cfg_examples'), {
      names: (v) => this.t(`ex_${v}`),
      onInput: (v) => (v === this.params.example ? this.view?.loadExample() : this.setParam('example', v)),
    });
    this.control('seqLen', this.t('seqLen'));
    this.control('contextLength', this.t('contextLength'));
    this.view = null; // built into the new body by the next update
    loadView().catch(() => {}); // start the download now; an update reports a failure
  }
  attributeChangedCallback(name, old, value) {
    super.attributeChangedCallback(name, old, value);
    if (name === 'example' && this.view && this.textFor !== this.params.example) this.view.loadExample();
  }
  async update(p) {
    const { configView } = await loadView();
    this.view ??= configView(this, { LinePlot, errorBox });
    await this.view.update(p);
  }
  redraw() {
    this.view?.redraw();
  }
}
define(ConfigPaste);
