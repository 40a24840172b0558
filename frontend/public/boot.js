/*
 * Starts the shop's code on a page the server rendered, once the page has painted: the HTML and its CSS show
 * the page on their own, and no script is fetched before the first paint. The files to load are listed by the
 * server in the page (`#shop-boot`): the entry module and the chunks the page's route needs, preloaded together
 * so that none waits for another.
 */
(function () {
  'use strict';
  var data = document.getElementById('shop-boot');
  if (!data) return;
  var boot = JSON.parse(data.textContent || '{}');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (boot.preload || []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.entry;
    document.head.appendChild(script);
  }
  // A callback of the next frame runs before that frame paints; one of the frame after runs once it has.
  // A page opened in a background tab (no frames) starts anyway.
  requestAnimationFrame(function () {
    requestAnimationFrame(start);
  });
  setTimeout(start, 3000);
})();
