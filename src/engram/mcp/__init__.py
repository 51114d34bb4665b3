"""The MCP server: Engram's tools for any MCP-capable agent (imported only by `engram mcp`)."""
