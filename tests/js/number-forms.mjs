// The number forms the page must never show, as a check of one printed number and a scan of a text;
// shared by the formatter's property test and the browser test that reads the page.

/** Every number printed in a text (a minus sign of either kind, digits, point, exponent); an identifier such as
 *  arXiv:1706.03762 is a name, not a number. */
export const numbersIn = (text) => text.replace(/arXiv:\S+/g, '').match(/[−-]?\d+(?:\.\d+)?(?:e[+−-]?\d+)?/gu) ?? [];

/** Why a printed number is a forbidden form, or null: float32 noise or too many digits (0.83000004,
 *  0.0017785303, 16 digits), a plain decimal with four zeros after the point (0.0000011920929), a negative
 *  zero (−0.00) or a zero or signed exponent (0e+0). */
export function forbiddenForm(token) {
  const [mantissa, exponent] = token.split('e');
  const digits = mantissa.replace(/\D/g, '').replace(/^0+/, '');
  if (mantissa.includes('.') ? digits.length > 7 : digits.length >= 16) return 'too many digits';
  if (/^[−-]?0\.0000/u.test(mantissa)) return 'a long run of zeros after the point';
  if (/^[−-]/u.test(mantissa) && !/[1-9]/.test(mantissa)) return 'a negative zero';
  if (exponent !== undefined && (/^\+/.test(exponent) || !/[1-9]/.test(exponent))) return 'a zero or signed exponent';
  return null;
}
