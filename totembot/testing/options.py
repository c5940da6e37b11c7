"""What Discord's client builds when a member types a slash command: subcommand nesting, options
converted and checked against the registered command, users/roles/channels resolved.

A test that asks for something the client would not let a member send (an unknown option, a
missing required one, a value outside its range) gets StandInError before the bot sees it.
"""

from __future__ import annotations

from typing import Any

from totembot.testing.commands import CommandRegistry
from totembot.testing.model import ALL_PERMISSIONS, JSON, Channel, StandInError, World

SUBCOMMANDS = (1, 2)


class CommandInput:
    """Turns ``("totem new", {"players": ...})`` into an interaction's ``data``."""

    def __init__(self, world: World, commands: CommandRegistry) -> None:
        self.world = world
        self.commands = commands

    def data(
        self,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        focused: str | None,
    ) -> JSON:
        parts = command.split()
        if not parts:
            raise StandInError("empty command")
        root, scope = self.commands.find(channel.guild_id, parts[0])
        definitions: list[JSON] = root.get("options") or []
        path: list[JSON] = []
        for part in parts[1:]:
            sub = next(
                (o for o in definitions if o["name"] == part and o["type"] in SUBCOMMANDS), None
            )
            if sub is None:
                subs = [o["name"] for o in definitions if o["type"] in SUBCOMMANDS]
                raise StandInError(f"/{command}: no subcommand {part!r} (has {subs})")
            path.append(sub)
            definitions = sub.get("options") or []
        if any(o["type"] in SUBCOMMANDS for o in definitions):
            subs = [o["name"] for o in definitions if o["type"] in SUBCOMMANDS]
            raise StandInError(f"/{command} needs a subcommand: {subs}")
        if focused is not None and focused not in options:
            raise StandInError(f"focused option {focused!r} must be in options")
        resolved: JSON = {}
        nested = self._options(command, definitions, options, focused, resolved, channel)
        for sub in reversed(path):
            nested = [{"type": sub["type"], "name": sub["name"], "options": nested}]
        data: JSON = {"id": root["id"], "name": root["name"], "type": 1, "options": nested}
        if scope is not None:
            data["guild_id"] = str(scope)
        if resolved:
            data["resolved"] = resolved
        return data

    def _options(
        self,
        command: str,
        definitions: list[JSON],
        given: dict[str, Any],
        focused: str | None,
        resolved: JSON,
        channel: Channel,
    ) -> list[JSON]:
        by_name = {d["name"]: d for d in definitions}
        if focused is None:
            missing = [
                d["name"] for d in definitions if d.get("required") and d["name"] not in given
            ]
            if missing:
                raise StandInError(f"/{command}: Discord requires options {missing}")
        out: list[JSON] = []
        for name, value in given.items():
            spec = by_name.get(name)
            if spec is None:
                raise StandInError(f"/{command} has no option {name!r} (has {sorted(by_name)})")
            if name == focused:
                # Discord sends whatever the user has typed so far, unvalidated.
                out.append({"name": name, "type": spec["type"], "value": value, "focused": True})
                continue
            converted = self._value(f"/{command} option {name!r}", spec, value, resolved, channel)
            out.append({"name": name, "type": spec["type"], "value": converted})
        return out

    def _value(self, label: str, spec: JSON, value: Any, resolved: JSON, channel: Channel) -> Any:
        kind = spec["type"]
        converted: Any
        if kind == 3:
            converted = _text(label, spec, value)
        elif kind in (4, 10):
            converted = _number(label, spec, value)
        elif kind == 5:
            if not isinstance(value, bool):
                raise StandInError(f"{label}: expects a bool, got {value!r}")
            converted = value
        elif kind in (6, 7, 8, 9):
            converted = self._resolve(label, kind, int(value), resolved, channel)
        else:
            raise StandInError(f"{label}: option type {kind} is not supported by the stand-in")
        choices = spec.get("choices")
        if choices and converted not in [c["value"] for c in choices]:
            raise StandInError(f"{label}: {converted!r} is not one of the choices {choices}")
        return converted

    def _resolve(self, label: str, kind: int, oid: int, resolved: JSON, channel: Channel) -> str:
        """A user, role or channel option: its id, with the object in ``resolved``."""
        guild = self.world.guilds[channel.guild_id]
        if kind in (6, 9) and oid in self.world.users:
            resolved.setdefault("users", {})[str(oid)] = self.world.users[oid]
            member = guild.members.get(oid)
            if member is not None:
                public = self.world.public_member(member)
                public.pop("user")
                public["permissions"] = member.get("permissions", "0")
                resolved.setdefault("members", {})[str(oid)] = public
            return str(oid)
        if kind in (8, 9) and oid in guild.roles:
            resolved.setdefault("roles", {})[str(oid)] = guild.roles[oid]
            return str(oid)
        if kind == 7 and oid in self.world.channels:
            target = self.world.channels[oid]
            resolved.setdefault("channels", {})[str(oid)] = {
                "id": str(oid),
                "type": 0,
                "name": target.name,
                "guild_id": str(target.guild_id),
                "permissions": str(ALL_PERMISSIONS),
                "position": target.position,
                "parent_id": None,
                "nsfw": False,
            }
            return str(oid)
        raise StandInError(f"{label}: nothing with id {oid} to resolve")


def _text(label: str, spec: JSON, value: Any) -> str:
    text = str(value)
    if len(text) < int(spec.get("min_length", 0)):
        raise StandInError(f"{label}: shorter than min_length {spec['min_length']}")
    if "max_length" in spec and len(text) > int(spec["max_length"]):
        raise StandInError(f"{label}: longer than max_length {spec['max_length']}")
    return text


def _number(label: str, spec: JSON, value: Any) -> int | float:
    """An integer (type 4) or number (type 10) option, inside its min and max."""
    integer = spec["type"] == 4
    if isinstance(value, bool) or not isinstance(value, int | float):
        expected = "an integer" if integer else "a number"
        raise StandInError(f"{label}: expects {expected}, got {value!r}")
    converted: int | float
    if integer:
        if value != int(value):
            raise StandInError(f"{label}: expects an integer, got {value!r}")
        converted = int(value)
    else:
        converted = float(value)
    if "min_value" in spec and converted < spec["min_value"]:
        raise StandInError(f"{label}: below min_value {spec['min_value']}")
    if "max_value" in spec and converted > spec["max_value"]:
        raise StandInError(f"{label}: above max_value {spec['max_value']}")
    return converted
