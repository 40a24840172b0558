/*
 * The admin's first requests, made as soon as the HTML is read: a returning operator's token check and the
 * tab's first page go out beside the shop's scripts instead of after those have arrived and run. The server
 * lists the requests in the page (`#admin-boot`), with the local storage key the shop's code keeps the token
 * under (`tokenKey`); the shop's code takes the answers (`takeEarlyResponse`). Nothing is asked without a stored
 * token: the login page asks nothing.
 */
(function () {
  'use strict';
  var data = document.getElementById('admin-boot');
  if (!data) return;
  var boot;
  try {
    boot = JSON.parse(data.textContent || '{}');
  } catch (unreadable) {
    return;
  }
  if (!boot || typeof boot.tokenKey !== 'string') return;
  var token = null;
  try {
    token = window.localStorage.getItem(boot.tokenKey);
  } catch (blocked) {
    return;
  }
  if (!token) return;
  var responses = {};
  (boot.requests || []).forEach(function (path) {
    if (typeof path !== 'string' || path.indexOf('/api/admin/') !== 0) return;
    responses[path] = fetch(path, { headers: { Authorization: 'Bearer ' + token }, credentials: 'include' });
    // An answer nobody takes (the operator left) is not an unhandled rejection.
    responses[path].catch(function () {});
  });
  window.__shopEarlyRequests = { token: token, responses: responses };
})();
