"""External agents under test: an OpenAI-compatible endpoint, or a program in the workspace over stdio; their
tools served over MCP (see README.md here)."""
