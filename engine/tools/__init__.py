"""Tools exposed to the agent under test: a registry of named, JSON-schema-typed operations."""
