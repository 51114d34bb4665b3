/* Engram UI: the little the pages need beyond HTML forms. */
(function () {
  "use strict";
  document.addEventListener("submit", function (evt) {
    // a delete is kept in the fact's history, but it still deserves a second look
    if (evt.target.classList.contains("confirm") && !window.confirm("Delete this fact?")) {
      evt.preventDefault();
    }
  });

  // The overview's `doctor` problems come after the page: they read every memory file.
  function problems() {
    var list = document.getElementById("problems");
    if (!list) return;
    fetch(list.getAttribute("data-api"), { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (found) {
        var count = document.getElementById("problem-count");
        if (found.error) { count.textContent = found.error.message; return; }
        count.textContent = String(found.problems.length);
        found.problems.forEach(function (p) {
          var item = document.createElement("li");
          var code = document.createElement("code");
          code.textContent = p.text;
          item.appendChild(code);
          list.appendChild(item);
        });
        if (!found.problems.length) list.textContent = "none";
        list.setAttribute("data-ready", "1");
      });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", problems);
  else problems();
})();
