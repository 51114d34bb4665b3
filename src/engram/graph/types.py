"""The entity types of the graph (kept apart so the CLI can list them without loading it)."""

NODE_TYPES = ("person", "company", "project", "technology", "role", "location", "event",
              "product", "other")  # fmt: skip
