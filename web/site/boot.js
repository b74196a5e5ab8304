// Runs before the first paint (a classic, render-blocking script, allowed by the CSP as 'self'):
// picks the language so the right half of the bilingual text shows at once. Only 'zh' or 'en'.
(function () {
  var q = /[?&]lang=(zh|en)(?:&|$)/.exec(location.search);
  var nav = (navigator.language || 'en').toLowerCase();
  var lang = q ? q[1] : nav.indexOf('zh') === 0 ? 'zh' : 'en';
  document.documentElement.setAttribute('data-lang', lang);
  document.documentElement.setAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
})();
// Start the compute Worker (and so the wasm download and compile) right away. Its start-up needs
// the main thread, which from here on is busy parsing and laying out the document until app.js runs;
// created now, the wasm is ready about when the figures are. prewarm.js hands it to the figures.
(function () {
  try {
    var w = new Worker('worker.js', { type: 'module', name: 'posenc' });
    w.addEventListener('error', function () {
      w.posencFailed = true;
    });
    window.posencBootWorker = w;
  } catch (e) {
    /* no module Workers: compute.js falls back by itself */
  }
})();
