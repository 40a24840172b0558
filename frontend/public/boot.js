/*
 * Starts the shop's code on a page the server rendered, once the page has painted: the HTML and its CSS show
 * the page on their own, and no script runs before the first paint. The page's head preloads the code (the
 * entry and the chunks its route needs), so it is fetched while the page paints; the server names the entry in
 * the page (`#shop-boot`).
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
