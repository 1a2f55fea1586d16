"""Simulated apps (mail, todo, file store, ...): typed state, AppWorld-style APIs, tools for the agent."""
