"""The base of models that wrap another model (cache, meter, rate limit): they keep its name."""

from __future__ import annotations

from engine.ports import ChatModel


class ModelWrapper:
    """A ChatModel decorator: `inner` does the work, the wrapper adds one concern around each call."""

    def __init__(self, inner: ChatModel) -> None:
        """Wrap `inner`."""
        self.inner = inner

    @property
    def name(self) -> str:
        """The inner model's name."""
        return self.inner.name
