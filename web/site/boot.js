// Runs before the first paint (a classic, render-blocking script, allowed by the CSP as 'self'):
// picks the language so the right half of the bilingual text shows at once. Only 'zh' or 'en'.
(function () {
  var q = /[?&]lang=(zh|en)(?:&|$)/.exec(location.search);
  var nav = (navigator.language || 'en').toLowerCase();
  var lang = q ? q[1] : nav.indexOf('zh') === 0 ? 'zh' : 'en';
  document.documentElement.setAttribute('data-lang', lang);
  document.documentElement.setAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
})();
