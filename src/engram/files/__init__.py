"""Memory files: the model, frontmatter parsing, discovery, ignore rules and the derived index."""
