/* Engram UI: the little the pages need beyond HTML forms. */
(function () {
  "use strict";
  document.addEventListener("submit", function (evt) {
    // a delete is kept in the fact's history, but it still deserves a second look
    if (evt.target.classList.contains("confirm") && !window.confirm("Delete this fact?")) {
      evt.preventDefault();
    }
  });
})();
