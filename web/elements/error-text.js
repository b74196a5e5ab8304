// Library errors in the reader's language. The library words every refusal as
// "<name> must be <requirement>, got <value>" (web/lib/errors.js and the C++ core alike), so the
// zh page can say it in Chinese from the parts; the English message stays beneath it, since that is
// what a search or a bug report needs. Names and values are the caller's own data: never translated.
import { h } from './dom.js';

const KIND_ZH = { RangeError: '取值无效', TypeError: '类型不对或缺少参数' };
const LEARNED = /: a learned table has no row past maxLen, it cannot extrapolate$/;
// requirement -> zh, the first match wins
const REQUIREMENTS = [
  [/^an integer in (.+)$/, '是 $1 之内的整数'],
  [/^in (.+)$/, '在 $1 之内'],
  [/^at most (.+) rows$/, '不超过 $1 行'],
  [/^valid JSON\b.*$/, '是合法的 JSON'],
  [/^one of (.+)$/, '是以下之一：$1'],
  [/^a finite number > (.+)$/, '是大于 $1 的有限数'],
  [/^a number\b.*$/, '是一个数'],
];

/** The Chinese sentence for a library error, or null when its message has another shape. */
export function zhError(name, message) {
  const m = /^(.+?) must be (.+), got (.+)$/s.exec(message);
  if (!m) return null;
  let [, param, req, got] = m,
    tail = '';
  req = req.replace(/ \([^()]*\)$/, ''); // an English aside: the English line beneath has it
  if (LEARNED.test(req)) {
    req = req.replace(LEARNED, '');
    tail = '（训练式位置表在 maxLen 之后没有行，无法外推）';
  }
  const rule = REQUIREMENTS.find(([re]) => re.test(req));
  const says = rule ? `${param} 必须${req.replace(rule[0], rule[1])}${tail}` : `${param} 的取值不符合要求${tail}`;
  return `${KIND_ZH[name] ?? '错误'}：${says}，实际为 ${got}`;
}

/** An error box: English as the library wrote it; on the zh page, Chinese first, then the English. */
export function errorBox(lang, { name, message }, { lead = '', role = 'alert' } = {}) {
  const english = `${name}: ${message}`;
  const zh = lang === 'zh' && zhError(name, message);
  if (!zh) return h('div', { class: 'err', role, text: `${lead}${english}` });
  return h('div', { class: 'err', role }, `${lead}${zh}`, h('div', { class: 'err-en', lang: 'en', text: english }));
}
