"""Discord's documented limits on what a bot sends: messages, embeds, components, choices and
application commands. A payload over a limit gets Discord's 400 code 50035, so a bot that
passes here does not fail in production for size reasons.
"""

from __future__ import annotations

import re
from typing import Any

from totembot.testing.answers import Answer, error, invalid_form
from totembot.testing.model import COMPONENTS_V2, JSON

Problems = list[tuple[str, str]]
SELECTS = (3, 5, 6, 7, 8)  # string, user, role, mentionable and channel select menus

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
CONTEXTS = {0, 1, 2}  # guild, bot DM, private channel
INTEGRATION_TYPES = {0, 1}  # guild install, user install


def walk_components(components: list[JSON]) -> list[JSON]:
    """Every component, rows and sections included, depth first."""
    found: list[JSON] = []
    for component in components:
        found.append(component)
        found.extend(walk_components(component.get("components") or []))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            found.append(accessory)
    return found


def _too_long(problems: Problems, where: str, value: Any, limit: int) -> int:
    text = value if isinstance(value, str) else ""
    if len(text) > limit:
        problems.append((where, f"Must be {limit} or fewer in length."))
    return len(text)


def _embed_problems(problems: Problems, index: int, embed: JSON) -> int:
    """Problems of one embed; returns its size towards the 6000-character total."""
    where = f"embeds.{index}"
    total = _too_long(problems, f"{where}.title", embed.get("title"), 256)
    total += _too_long(problems, f"{where}.description", embed.get("description"), 4096)
    footer = (embed.get("footer") or {}).get("text")
    total += _too_long(problems, f"{where}.footer.text", footer, 2048)
    author = (embed.get("author") or {}).get("name")
    total += _too_long(problems, f"{where}.author.name", author, 256)
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append((f"{where}.fields", "Must be 25 or fewer in length."))
    for j, fld in enumerate(fields):
        for key, limit in (("name", 256), ("value", 1024)):
            if not fld.get(key):
                problems.append((f"{where}.fields.{j}.{key}", "This field is required"))
            total += _too_long(problems, f"{where}.fields.{j}.{key}", fld.get(key), limit)
    return total


def _component_problems(problems: Problems, payload: JSON) -> None:
    components = payload.get("components") or []
    if not int(payload.get("flags") or 0) & COMPONENTS_V2:
        if len(components) > 5:
            problems.append(("components", "Must be 5 or fewer in length."))
        for i, row in enumerate(components):
            inner = row.get("components") or []
            if len(inner) > 5:
                problems.append((f"components.{i}.components", "Must be 5 or fewer in length."))
            if len(inner) > 1 and any(c.get("type") in SELECTS for c in inner):
                problems.append((f"components.{i}.components", "A select menu fills its row."))
    seen: set[str] = set()
    for component in walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is not None:
            _too_long(problems, "components.custom_id", custom_id, 100)
            if custom_id in seen:
                problems.append(("components", f"Component custom id {custom_id!r} is duplicated"))
            seen.add(custom_id)
        if component.get("type") == 2:
            _too_long(problems, "components.label", component.get("label"), 80)
        if component.get("type") == 3:
            _select_problems(problems, component)


def _select_problems(problems: Problems, menu: JSON) -> None:
    """A string select menu: 1 to 25 options, each label and value 1 to 100 characters."""
    options = menu.get("options") or []
    if not 1 <= len(options) <= 25:
        problems.append(("components.options", "Must be between 1 and 25 in length."))
    _too_long(problems, "components.placeholder", menu.get("placeholder"), 150)
    for option in options:
        for key in ("label", "value"):
            if not option.get(key):
                problems.append((f"components.options.{key}", "This field is required"))
            _too_long(problems, f"components.options.{key}", option.get(key), 100)
        _too_long(problems, "components.options.description", option.get("description"), 100)


def message_problems(payload: JSON) -> Problems:
    """The size limits bots tend to hit, with Discord's field paths and wording."""
    problems: Problems = []
    _too_long(problems, "content", payload.get("content"), 2000)
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        problems.append(("embeds", "Must be 10 or fewer in length."))
    total = sum(_embed_problems(problems, i, embed) for i, embed in enumerate(embeds))
    if total > 6000:
        problems.append(("embeds", "Embed size exceeds maximum size of 6000"))
    _component_problems(problems, payload)
    return problems


def modal_problems(data: JSON) -> Problems:
    """A modal (callback 9): a custom id and a title, 1 to 5 rows of text inputs, each with a
    custom id and a label of at most 45 characters (openapi.json's ModalInteractionCallback)."""
    problems: Problems = []
    for key, limit in (("custom_id", 100), ("title", 45)):
        if not data.get(key):
            problems.append((f"data.{key}", "This field is required"))
        _too_long(problems, f"data.{key}", data.get(key), limit)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        problems.append(("data.components", "Must be between 1 and 5 in length."))
    for field in walk_components(rows):
        if field.get("type") != 4:
            continue
        _too_long(problems, "data.components.custom_id", field.get("custom_id"), 100)
        label = field.get("label")
        if not label:
            problems.append(("data.components.label", "This field is required"))
        _too_long(problems, "data.components.label", label, 45)
    return problems


def choice_problems(choices: list[JSON]) -> Problems:
    problems: Problems = []
    if len(choices) > 25:
        problems.append(("data.choices", "Must be 25 or fewer in length."))
    for i, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            problems.append((f"data.choices.{i}.name", "Must be between 1 and 100 in length."))
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            problems.append((f"data.choices.{i}.value", "Must be 100 or fewer in length."))
    return problems


def new_message_error(payload: JSON, files: list[JSON]) -> Answer | None:
    if not (payload.get("content") or payload.get("embeds") or payload.get("components") or files):
        return error(400, "Cannot send an empty message", 50006)
    problems = message_problems(payload)
    return invalid_form(problems) if problems else None


def edit_error(payload: JSON) -> Answer | None:
    problems = message_problems(payload)
    return invalid_form(problems) if problems else None


def _option_problems(problems: Problems, where: str, options: list[JSON]) -> None:
    if len(options) > 25:
        problems.append((where, "Must be 25 or fewer in length."))
    for i, option in enumerate(options):
        here = f"{where}.{i}"
        if not COMMAND_NAME.fullmatch(str(option.get("name", ""))):
            problems.append((f"{here}.name", "Invalid application command option name"))
        if not 1 <= len(str(option.get("description") or "")) <= 100:
            problems.append((f"{here}.description", "Must be between 1 and 100 in length."))
        if len(option.get("choices") or []) > 25:
            problems.append((f"{here}.choices", "Must be 25 or fewer in length."))
        _option_problems(problems, f"{here}.options", option.get("options") or [])


def command_problems(spec: Any) -> Problems:
    """The limits of Discord's ApplicationCommandCreateRequest (openapi.json)."""
    if not isinstance(spec, dict):
        return [("", "Expected an object")]
    problems: Problems = []
    if not COMMAND_NAME.fullmatch(str(spec.get("name", ""))):
        problems.append(("name", "Invalid application command name"))
    _too_long(problems, "description", spec.get("description"), 100)
    _option_problems(problems, "options", spec.get("options") or [])
    for key, allowed in (("contexts", CONTEXTS), ("integration_types", INTEGRATION_TYPES)):
        values = spec.get(key)
        if values is None:
            continue
        if not isinstance(values, list) or not values or len(set(values)) != len(values):
            problems.append((key, "Must be a non-empty list of unique values."))
        elif not set(values) <= allowed:
            problems.append((key, f"Must be some of {sorted(allowed)}."))
    return problems
