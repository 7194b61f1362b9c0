"""Validation errors raised by the systems' own validators, whose message already says everything.

The army-file code shows such an error's message as it is, without knowing which system raised it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic_core import PydanticCustomError

#: set in the context of every error :func:`custom_error` makes
COMPLETE = "complete_message"


def custom_error(kind: str, message: str) -> PydanticCustomError:
    """A pydantic error of type ``kind`` whose ``message`` is shown to the user unchanged."""
    return PydanticCustomError(kind, message.replace("{", "{{").replace("}", "}}"), {COMPLETE: True})


def is_complete(error: Mapping[str, Any]) -> bool:
    """Whether a pydantic error dict came from :func:`custom_error`."""
    return bool((error.get("ctx") or {}).get(COMPLETE))
