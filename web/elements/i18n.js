// Strings shared by several figure elements (and their shared parts), in English and Chinese; a figure's own
// strings sit beside its class (`static strings`). Elements insert them with textContent only.

export const STRINGS = {
  en: {
    loading: 'Computing with the wasm library…', error: 'Error', constant: 'constant', download: 'Download', copy_dl: 'Copy or download', png: 'PNG', svg: 'SVG', csv: 'CSV', copy: 'Copy', copied: 'Copied',
    position: 'position', positions: 'positions', dim: 'dim', dimension: 'dimension', base: 'base', seed: 'seed',
    row: 'row', col: 'column', query: 'query i', key: 'key j', distance: 'relative distance',
    enc_none: 'none', enc_sinusoidal: 'sinusoidal', enc_learned: 'learned', enc_relative: 'relative (DeBERTa)', enc_rope: 'RoPE',
    dmin: 'd_min', dmax: 'd_max',
    seq: 'sequence length', pos_scale: 'position scale σ',
    m: 'm, position of q', n: 'n, position of k', together: 'move m and n together', qm: 'q rotated by mθ', kn: 'k rotated by nθ',
    plain: 'q · k (no rotation)', theta: 'θ_l',
    ew_index: 'j',
    ones: 'q = k = all ones',
    train: 'training length',
    content: 'content', content_same: 'one token repeated at every position', content_random: 'random tokens',
    head: 'head h',
    slope: 'slope',
    sc_default: 'default (no scaling)', sc_linear: 'linear (PI)', sc_ntk: 'NTK-aware', sc_dynamic: 'dynamic NTK', sc_yarn: 'YaRN', sc_longrope: 'LongRoPE', sc_llama3: 'Llama 3',
    factor: 'factor s', original: 'original context L', pair_i: 'pair i', theta_log: 'θ_i (log scale)',
    attn: 'attention factor',
    before: 'no scaling', after_: 'scaled', content_ones: 'q = k = all ones',
    cfg_yes: 'yes', cfg_no: 'no',
  },
  zh: {
    loading: '正在用 wasm 库计算…', error: '错误', constant: '常数', download: '下载', copy_dl: '复制或下载', png: 'PNG', svg: 'SVG', csv: 'CSV', copy: '复制', copied: '已复制',
    position: '位置', positions: '位置数', dim: '维度', dimension: '维度', base: '底数 base', seed: '随机种子',
    row: '行', col: '列', query: '查询 i', key: '键 j', distance: '相对距离',
    enc_none: '无', enc_sinusoidal: '正余弦', enc_learned: '训练式', enc_relative: '相对（DeBERTa）', enc_rope: 'RoPE',
    dmin: 'd_min', dmax: 'd_max',
    seq: '序列长度', pos_scale: '位置尺度 σ',
    m: 'm（q 的位置）', n: 'n（k 的位置）', together: 'm、n 同步移动', qm: 'q 旋转 mθ', kn: 'k 旋转 nθ',
    plain: 'q · k（未旋转）', theta: 'θ_l',
    ew_index: 'j',
    ones: 'q = k = 全 1',
    train: '训练长度',
    content: '内容', content_same: '每个位置都是同一个词', content_random: '随机的词',
    head: '第 h 个头',
    slope: '斜率',
    // section 6
    sc_default: '默认（不缩放）', sc_linear: '线性插值（PI）', sc_ntk: 'NTK-aware', sc_dynamic: '动态 NTK', sc_yarn: 'YaRN', sc_longrope: 'LongRoPE', sc_llama3: 'Llama 3',
    factor: '缩放倍数 s', original: '原始上下文长度 L', pair_i: '第 i 对', theta_log: 'θ_i（对数坐标）',
    attn: '注意力系数',
    before: '不缩放', after_: '缩放后', content_ones: 'q = k = 全 1',
    cfg_yes: '是', cfg_no: '否',
  },
};

/** The language of an element: its own lang attribute, else the nearest ancestor's, else the browser's. */
export function langOf(el) {
  const own = el.getAttribute('lang') || el.closest?.('[lang]')?.getAttribute('lang') || globalThis.navigator?.language || 'en';
  return own.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
export const t = (lang, key) => STRINGS[lang]?.[key] ?? STRINGS.en[key] ?? key;
