"""The MCP face: the same memory for agents, over stdio, with the official `mcp` SDK."""
