"""Expose app APIs to the agent as engine tools named `<app>__<api>`, one toolset per app.

A successful call returns `{"response": <payload>}`, the shape AppWorld's MCP server (which
π-Bench's agents use) gives every result, so result paths such as `response.draft_id` written for
those tasks resolve unchanged. A failed call is a ToolError whose text is the API's message.
"""

from __future__ import annotations

from typing import Any

from engine.tools.base import Tool, ToolContext, ToolError
from sandbox.apps.base import Api, AppError, AppSpec
from sandbox.apps.world import AppWorld

APPS_SERVICE = "apps"
RESPONSE_KEY = "response"


def tool_name(app: str, api: str) -> str:
    """The agent-facing name of an API, e.g. gmail__send_email."""
    return f"{app}__{api}"


def world_of(ctx: ToolContext, app: str) -> AppWorld:
    """The session's apps, or a ToolError when the session has none."""
    world = ctx.services.get(APPS_SERVICE)
    if not isinstance(world, AppWorld) or app not in world.specs:
        raise ToolError(f"the {app} app is not available in this session")
    return world


def app_tool(app: str, api: Api[Any]) -> Tool[Any]:
    """The engine tool of one API: runs it on the session's apps and wraps its payload."""

    def run(args: Any, ctx: ToolContext) -> Any:
        try:
            return {RESPONSE_KEY: world_of(ctx, app).call(app, api, args)}
        except AppError as exc:
            raise ToolError(exc.message) from exc

    return Tool(tool_name(app, api.name), api.description, api.args_model, run)


def app_toolsets(specs: dict[str, AppSpec[Any]]) -> dict[str, list[Tool[Any]]]:
    """One toolset per app, named like the app, with a tool per API."""
    return {name: [app_tool(name, api) for api in spec.apis] for name, spec in specs.items()}
