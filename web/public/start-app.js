// Loads and starts the app once the page the server sent with its first screen has been painted (api's
// prerender-pages.ts puts this in place of the app's module script and modulepreload links). Until that paint
// the HTML and its stylesheet have the network and the processor to themselves; then every file of the app is
// asked for at once (modulepreload, as the plain app's page does). A tab in the background paints nothing, so
// there the app starts at once; and whatever happens, after 3 s.
(function () {
  var script = document.currentScript;
  var src = script && script.getAttribute('data-src');
  if (!src) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ');
  var started = false;
  function add(el) {
    el.crossOrigin = '';
    document.head.appendChild(el);
  }
  // A few links per task: each one starts a module fetch on the main thread (about 1 ms, 4 ms on a slow phone),
  // so all of them in one task would block input for long. The app's own script goes first: the links only
  // flatten the fetches its imports would make anyway (web/vite-sliced-preloads.ts does the same for a page's).
  function preloadSome() {
    for (var n = 0; n < 6 && preload.length; n++) {
      var href = preload.shift();
      if (!href) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      add(link);
    }
    if (preload.length) setTimeout(preloadSome, 0);
  }
  function start() {
    if (started) return;
    started = true;
    var app = document.createElement('script');
    app.type = 'module';
    app.src = src;
    add(app);
    preloadSome();
  }
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  // The callback of the frame that paints the page, then a task after that paint.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 3000);
})();
