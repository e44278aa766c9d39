// The offline page in the visitor's language (the app's order: ?lng, the stored choice, the browser). Without
// this script the German text shows. No reload on the 'online' event: it can fire before the connection works,
// and the person would be left on this page; 'Erneut versuchen' reloads the address when they choose.
(function () {
  var wanted = [new URLSearchParams(location.search).get('lng')];
  try {
    wanted.push(localStorage.getItem('i18nextLng'));
  } catch {
    // storage blocked: the browser's languages decide
  }
  wanted = wanted.concat(navigator.languages || [navigator.language]);
  var lang = 'de';
  for (var i = 0; i < wanted.length; i++) {
    var w = String(wanted[i] || '')
      .slice(0, 2)
      .toLowerCase();
    if (w === 'de' || w === 'en') {
      lang = w;
      break;
    }
  }
  document.documentElement.lang = lang;
  document.querySelectorAll('[data-lang]').forEach(function (el) {
    el.hidden = el.getAttribute('data-lang') !== lang;
  });
  var title = document.querySelector('[data-lang="' + lang + '"]');
  if (title && title.getAttribute('data-title')) document.title = title.getAttribute('data-title');
})();
