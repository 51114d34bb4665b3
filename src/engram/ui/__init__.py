"""The local web UI (`engram ui`): pages and a JSON API over the library, for people to see,
search and fix what their agents remember. `engram.ui.server.serve` runs it,
`engram.ui.app.create_app` builds the app, `engram.ui.data` holds what each page shows.

Imported only by `engram ui` and the HTML graph export, never on the load or hook paths; this
package file imports nothing, so the export does not load the web framework.
"""
