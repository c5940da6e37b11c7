"""Application command registration, global or per guild, as the bot's ``tree.sync`` does it.

Two views are kept: ``stored`` is what Discord answers (ids, version, defaults filled in) and
``sent`` is each command exactly as the bot sent it, so a test can tell ``contexts`` from the
deprecated ``dm_permission``. Commands over Discord's documented limits get 400 code 50035.
"""

from __future__ import annotations

import copy

from totembot.testing.answers import Answer, error, invalid_form, ok
from totembot.testing.model import JSON, StandInError, World
from totembot.testing.rest import Request, Routes
from totembot.testing.validation import command_problems

COMMANDS = r"/applications/(?P<app>\d+)(?:/guilds/(?P<gid>\d+))?/commands"
Scope = int | None  # a guild id, or None for global commands


class CommandRegistry:
    def __init__(self, world: World) -> None:
        self.world = world
        self.stored: dict[Scope, list[JSON]] = {}
        self.sent: dict[Scope, dict[str, JSON]] = {}  # by command name
        self._ids: dict[tuple[Scope, str, int], int] = {}

    def routes(self) -> Routes:
        return [
            (COMMANDS, {"GET": self._list, "PUT": self._put, "POST": self._post}),
            (
                COMMANDS + r"/(?P<cmd>\d+)",
                {"GET": self._get, "PATCH": self._patch, "DELETE": self._delete},
            ),
        ]

    def register(self, scope: Scope, specs: list[JSON]) -> list[JSON]:
        """Replace a scope's commands (what PUT does); also lets a test skip a real sync."""
        self.stored[scope] = [self._stored(scope, spec) for spec in specs]
        self.sent[scope] = {spec["name"]: copy.deepcopy(spec) for spec in specs}
        return self.stored[scope]

    def find(self, guild_id: int, name: str) -> tuple[JSON, Scope]:
        """The slash command a member of ``guild_id`` would see under ``name``."""
        for scope in (guild_id, None):
            for cmd in self.stored.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd, scope
        known = {scope: [c["name"] for c in cmds] for scope, cmds in self.stored.items() if cmds}
        raise StandInError(
            f"unknown slash command {name!r} for guild {guild_id}; registered: {known or 'none'}"
            " (did the bot sync its command tree?)"
        )

    def _stored(self, scope: Scope, spec: JSON) -> JSON:
        key = (scope, spec["name"], int(spec.get("type", 1)))
        cid = self._ids.setdefault(key, self.world.snowflakes.next())
        stored: JSON = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **copy.deepcopy(spec),
            "id": str(cid),
            "application_id": str(self.world.application_id),
            "version": str(self.world.snowflakes.next()),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    # --- REST

    def _scope(self, req: Request) -> tuple[Scope, Answer | None]:
        if req.arg("app") != self.world.application_id:
            return None, error(403, "Missing Access", 50001)
        return (req.arg("gid") if "gid" in req.args else None), None

    def _list(self, req: Request) -> Answer:
        scope, denied = self._scope(req)
        return denied or ok(self.stored.get(scope, []))

    def _put(self, req: Request) -> Answer:
        scope, denied = self._scope(req)
        if denied is not None:
            return denied
        if not isinstance(req.body, list):
            return error(400, "Invalid Form Body", 50035)
        problems = [
            (f"{i}.{where}".rstrip("."), why)
            for i, spec in enumerate(req.body)
            for where, why in command_problems(spec)
        ]
        return invalid_form(problems) if problems else ok(self.register(scope, req.body))

    def _post(self, req: Request) -> Answer:
        scope, denied = self._scope(req)
        if denied is not None:
            return denied
        if problems := command_problems(req.body):
            return invalid_form(problems)
        stored = self._stored(scope, req.json)
        commands = self.stored.setdefault(scope, [])
        commands[:] = [c for c in commands if c["id"] != stored["id"]] + [stored]
        self.sent.setdefault(scope, {})[stored["name"]] = copy.deepcopy(req.json)
        return ok(stored, status=201)

    def _found(self, req: Request) -> tuple[Scope, JSON | None]:
        scope, denied = self._scope(req)
        if denied is not None:
            return scope, None
        wanted = req.args["cmd"]
        return scope, next((c for c in self.stored.get(scope, []) if c["id"] == wanted), None)

    def _get(self, req: Request) -> Answer:
        _scope, found = self._found(req)
        return ok(found) if found else error(404, "Unknown application command", 10063)

    def _patch(self, req: Request) -> Answer:
        scope, found = self._found(req)
        if found is None:
            return error(404, "Unknown application command", 10063)
        changes = {k: v for k, v in req.json.items() if k not in ("id", "application_id")}
        sent = self.sent.setdefault(scope, {}).pop(found["name"], {})
        found.update(changes)
        self.sent[scope][found["name"]] = {**sent, **copy.deepcopy(changes)}
        return ok(found)

    def _delete(self, req: Request) -> Answer:
        scope, found = self._found(req)
        if found is None:
            return error(404, "Unknown application command", 10063)
        self.stored[scope].remove(found)
        self.sent.get(scope, {}).pop(found["name"], None)
        return ok(status=204)
