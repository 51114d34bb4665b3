/* Engram's entity graph picture, drawn with the vendored cytoscape.js.
 *
 * Two modes, one renderer:
 * - in the UI (`#graph[data-api]`), the view comes from /api/graph with the page's own query,
 *   and a click on a node fetches its neighbourhood and adds it ("click to expand");
 * - in the standalone export (`memory graph show --format html`), the view is embedded in
 *   `#graph-data`, and the hop and type filters hide what is already there.
 * Either way: a colour and a legend entry per entity type, arrowheads and relation labels,
 * and "+N more" on a node whose neighbours were left out by the cap.
 */
(function () {
  "use strict";
  var COLOURS = {
    person: "#4e79a7", company: "#f28e2b", project: "#59a14f", technology: "#b07aa1",
    role: "#edc948", location: "#76b7b2", event: "#e15759", product: "#9c755f", other: "#9aa0a6"
  };

  function label(node) {
    var text = node.withheld ? "withheld: " + node.withheld : node.name;
    if (text.length > 40) text = text.slice(0, 39) + "…";
    return node.more ? text + "\n+" + node.more + " more" : text;
  }

  function elements(view) {
    var out = [];
    view.nodes.forEach(function (n) {
      out.push({ group: "nodes", data: {
        id: "n" + n.id, key: n.id, label: label(n), type: n.type, depth: n.depth,
        more: n.more, colour: COLOURS[n.type] || COLOURS.other,
        start: view.start === n.id ? 1 : 0, withheld: n.withheld ? 1 : 0 } });
    });
    view.edges.forEach(function (e) {
      out.push({ group: "edges", data: {
        id: "e" + e.id, source: "n" + e.source, target: "n" + e.target, label: e.relation } });
    });
    return out;
  }

  var STYLE = [
    { selector: "node", style: {
      "background-color": "data(colour)", "label": "data(label)",
      "text-valign": "bottom", "text-margin-y": 4, "text-wrap": "wrap", "text-max-width": 140,
      "width": "mapData(deg, 1, 40, 14, 42)", "height": "mapData(deg, 1, 40, 14, 42)",
      "color": "#222", "min-zoomed-font-size": 7, "font-size": 10,
      "text-background-color": "#fff", "text-background-opacity": 0.7,
      "text-background-padding": 1 } },
    // hubs: a larger label drawn above the crowd, so the structure reads at 200 nodes
    { selector: "node[deg >= 8]", style: { "font-size": 13, "font-weight": "bold", "z-index": 10,
      "text-background-opacity": 0.9 } },
    { selector: "node[more > 0]", style: { "border-width": 2, "border-style": "dashed",
      "border-color": "#555" } },
    { selector: "node[start = 1]", style: { "width": 28, "height": 28, "border-width": 3,
      "border-style": "solid", "border-color": "#111", "font-weight": "bold" } },
    { selector: "node[withheld = 1]", style: { "background-color": "#fff", "border-width": 2,
      "border-color": "#c00", "color": "#c00" } },
    { selector: "edge", style: {
      "width": 1.2, "line-color": "#a9b0b8", "curve-style": "bezier",
      "target-arrow-shape": "triangle", "target-arrow-color": "#8a939c", "arrow-scale": 0.9,
      "label": "data(label)", "font-size": 9, "color": "#555", "text-rotation": "autorotate",
      "text-background-color": "#fff", "text-background-opacity": 0.8,
      "min-zoomed-font-size": 8 } },
    { selector: ".faded", style: { "opacity": 0.15 } },
    { selector: ".hidden", style: { "display": "none" } }
  ];

  function layout(cy) {
    // cose: a force-directed layout; the repulsion and edge length keep 200 nodes apart.
    cy.nodes().forEach(function (n) { n.data("deg", n.degree(false)); });
    return cy.layout({ name: "cose", animate: false, randomize: false, nodeRepulsion: 20000,
      idealEdgeLength: 110, nodeOverlap: 20, gravity: 0.2, numIter: 1500, padding: 24,
      nodeDimensionsIncludeLabels: true, componentSpacing: 60 });
  }

  function legend(cy, box) {
    var counts = {};
    cy.nodes().forEach(function (n) { counts[n.data("type")] = (counts[n.data("type")] || 0) + 1; });
    box.textContent = "";
    var title = document.createElement("b");
    title.textContent = "Entity types";
    box.appendChild(title);
    Object.keys(COLOURS).forEach(function (type) {
      if (!counts[type]) return;
      var row = document.createElement("div");
      row.className = "legend-row";
      var swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.style.background = COLOURS[type];
      row.appendChild(swatch);
      row.appendChild(document.createTextNode(type + " (" + counts[type] + ")"));
      box.appendChild(row);
    });
    var note = document.createElement("small");
    note.textContent = "dashed ring: neighbours left out (+N more); bold: the start";
    box.appendChild(note);
  }

  function status(cy, view, box) {
    var shown = cy.nodes(":visible").length, edges = cy.edges(":visible").length;
    var text = shown + " nodes, " + edges + " relations";
    if (view.reached > view.shown) text += " (" + (view.reached - view.shown) + " more not drawn: narrow the types or pick a start)";
    box.textContent = text;
    var host = document.getElementById("graph");
    host.setAttribute("data-nodes", String(shown));
    host.setAttribute("data-edges", String(edges));
  }

  function selected(form, name) {
    return Array.prototype.filter.call(form.querySelectorAll("input[name=" + name + "]"),
      function (box) { return box.checked; }).map(function (box) { return box.value; });
  }

  function mount(view, api) {
    var host = document.getElementById("graph");
    var legendBox = document.getElementById("graph-legend");
    var statusBox = document.getElementById("graph-status");
    var form = document.getElementById("graph-form");
    var cy = window.cytoscape({ container: host, elements: elements(view), style: STYLE,
      wheelSensitivity: 0.3, minZoom: 0.1, maxZoom: 3 });
    window.engramGraph = cy;
    function finish() {
      legend(cy, legendBox);
      status(cy, view, statusBox);
      document.body.setAttribute("data-graph-ready", "1");
    }
    layout(cy).run();
    finish();
    cy.on("mouseover", "node", function (evt) {
      var near = evt.target.closedNeighborhood();
      cy.elements().not(near).addClass("faded");
    });
    cy.on("mouseout", "node", function () { cy.elements().removeClass("faded"); });
    if (api) {
      cy.on("tap", "node", function (evt) {  // click to expand: one more hop around it
        var node = evt.target;
        if (!node.data("more")) return;
        var query = new URLSearchParams({ start: String(node.data("key")), hops: "1" });
        selected(form, "type").forEach(function (t) { query.append("type", t); });
        fetch(api + "?" + query.toString(), { credentials: "same-origin" })
          .then(function (r) { return r.json(); })
          .then(function (more) {
            if (more.error) { statusBox.textContent = more.error.message; return; }
            var fresh = elements(more).filter(function (el) { return cy.getElementById(el.data.id).empty(); });
            more.nodes.forEach(function (n) {  // its count of left-out neighbours is now smaller
              var old = cy.getElementById("n" + n.id);
              if (old.nonempty() && n.id !== node.data("key")) return;
              if (old.nonempty()) { old.data("more", 0); old.data("label", label({ name: n.name, withheld: n.withheld, more: 0 })); }
            });
            fresh.forEach(function (el) { if (el.group === "nodes") el.data.start = 0; });
            cy.add(fresh);
            view.shown = cy.nodes().length;
            view.reached = Math.max(view.reached, view.shown);
            layout(cy).run();
            finish();
          });
      });
      form.querySelectorAll("input[type=checkbox], select").forEach(function (box) {
        box.addEventListener("change", function () { form.submit(); });
      });
    } else {
      var filter = function () {  // the export: hide what the filters leave out
        var types = selected(form, "type"), hops = Number(form.querySelector("select").value);
        cy.nodes().forEach(function (n) {
          var keep = (!types.length || types.indexOf(n.data("type")) >= 0 || n.data("start")) &&
            n.data("depth") <= hops;
          n.toggleClass("hidden", !keep);
        });
        status(cy, view, statusBox);
      };
      form.addEventListener("change", filter);
      form.addEventListener("submit", function (evt) { evt.preventDefault(); filter(); });
      filter();
    }
  }

  function start() {
    var embedded = document.getElementById("graph-data");
    if (embedded) { mount(JSON.parse(embedded.textContent), null); return; }
    var host = document.getElementById("graph");
    var api = host.getAttribute("data-api");
    var query = new URLSearchParams(window.location.search);
    query.delete("token");
    fetch(api + "?" + query.toString(), { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (view) {
        if (view.error) {
          document.getElementById("graph-status").textContent = view.error.message;
          document.body.setAttribute("data-graph-ready", "error");
          return;
        }
        mount(view, api);
      });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
