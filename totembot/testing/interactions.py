"""Interaction callbacks and the interaction webhook (followups, @original), as Discord runs them.

* A callback must arrive within the deadline (3 s on Discord) of the interaction being sent,
  else 404 code 10062 and the user sees "This interaction failed"; a second one gets 400
  code 40060.
* After a deferred message response (callback 5) the first followup fills in the "thinking"
  message, keeping the defer's ephemerality; later followups, and any followup after other
  callbacks (6 included), are new messages with their own flags.
* ``/messages/@original`` is the response message (for callbacks 6 and 7 the message the
  component is on); 404 code 10008 when there is none.
* A message past its edit limit answers PATCH with 429 code 30046, here as on the channel route.
"""

from __future__ import annotations

import copy
import time

from totembot.testing.answers import (
    Answer,
    edit_limit_reached,
    error,
    invalid_form,
    ok,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from totembot.testing.messages import MessageStore
from totembot.testing.model import EPHEMERAL, JSON, LOADING, World
from totembot.testing.records import (
    CB_AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    CB_DEFERRED_UPDATE,
    CB_MESSAGE,
    CB_MODAL,
    CB_UPDATE_MESSAGE,
    IT_AUTOCOMPLETE,
    IT_COMMAND,
    IT_COMPONENT,
    IT_MODAL_SUBMIT,
    Followup,
    Interaction,
)
from totembot.testing.rest import Request, Routes
from totembot.testing.validation import (
    choice_problems,
    edit_error,
    modal_problems,
    new_message_error,
)

HOOK = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
ALLOWED = {
    IT_COMMAND: (CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_MODAL),
    IT_COMPONENT: (
        CB_MESSAGE,
        CB_DEFERRED_MESSAGE,
        CB_DEFERRED_UPDATE,
        CB_UPDATE_MESSAGE,
        CB_MODAL,
    ),
    IT_AUTOCOMPLETE: (CB_AUTOCOMPLETE,),
    # A modal opened from a component may update that component's message.
    IT_MODAL_SUBMIT: (CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE_MESSAGE),
}


class InteractionRoutes:
    def __init__(self, world: World, messages: MessageStore) -> None:
        self.world = world
        self.messages = messages
        self.by_token: dict[str, Interaction] = {}

    def routes(self) -> Routes:
        return [
            (r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", {"POST": self._callback}),
            (HOOK, {"POST": self._followup, "GET": self._get_hook}),
            (
                HOOK + r"/messages/(?P<mid>@original|\d+)",
                {"GET": self._hook_get, "PATCH": self._hook_patch, "DELETE": self._hook_delete},
            ),
        ]

    def message_extra(self, rec: Interaction) -> JSON:
        """The fields that mark a message as the answer to an interaction."""
        return {
            "webhook_id": str(self.world.application_id),
            "application_id": str(self.world.application_id),
            "interaction_metadata": {
                "id": str(rec.id),
                "type": rec.type,
                "user": self.world.users[rec.user_id],
                "authorizing_integration_owners": {"0": str(rec.guild_id)},
            },
        }

    # --- the callback

    def _callback(self, req: Request) -> Answer:
        rec = self.by_token.get(req.args["token"])
        if rec is None or str(rec.id) != req.args["iid"]:
            return unknown_interaction()
        if rec.callback_type is not None:
            return error(400, "Interaction has already been acknowledged.", 40060)
        if time.monotonic() > rec.deadline:
            rec.late_callbacks += 1
            return unknown_interaction()
        kind = int(req.json.get("type", 0))
        if kind not in ALLOWED[rec.type]:
            return error(400, f"Interaction callback type {kind} is invalid here", 50035)
        data: JSON = req.json.get("data") or {}
        problem, message = self._respond(rec, kind, data, req.files)
        if problem is not None:
            return problem
        rec.callback_type = kind
        rec.last_activity = time.monotonic()
        return ok(self._callback_response(rec, kind, message))

    def _respond(
        self, rec: Interaction, kind: int, data: JSON, files: list[JSON]
    ) -> tuple[Answer | None, JSON | None]:
        """Carry out callback ``kind``: (an error, or None) and the response message if any."""
        message_type = 20 if rec.type == IT_COMMAND else 0
        extra = self.message_extra(rec)
        if kind == CB_MESSAGE:
            if (problem := new_message_error(data, files)) is not None:
                return problem, None
            return None, self.messages.new(
                rec.channel_id, data, files, kind=message_type, extra=extra
            )
        if kind == CB_DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self.messages.new(
                rec.channel_id, {}, [], kind=message_type, flags=flags, extra=extra
            )
            return None, message
        if kind in (CB_DEFERRED_UPDATE, CB_UPDATE_MESSAGE):
            target = self.messages.by_id.get(rec.component_message_id or 0)
            if target is None:
                return unknown_message(), None
            if kind == CB_UPDATE_MESSAGE:
                if (problem := edit_error(data)) is not None:
                    return problem, None
                self.messages.edit(target, data, files)
            return None, target
        if kind == CB_AUTOCOMPLETE:
            choices = list(data.get("choices") or [])
            if problems := choice_problems(choices):
                return invalid_form(problems), None
            rec.choices = choices
        elif kind == CB_MODAL:
            if problems := modal_problems(data):
                return invalid_form(problems), None
            rec.modal = copy.deepcopy(data)
        return None, None

    def _callback_response(self, rec: Interaction, kind: int, message: JSON | None) -> JSON:
        """``{"interaction", "resource"}``: discord.py needs it (a bare 204 breaks it)."""
        interaction: JSON = {
            "id": str(rec.id),
            "type": rec.type,
            "response_message_loading": kind == CB_DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(message and int(message["flags"]) & EPHEMERAL),
        }
        resource: JSON = {"type": kind}
        if message is not None:
            rec.original_id = int(message["id"])
            rec.original_snapshot = copy.deepcopy(message)
            interaction["response_message_id"] = message["id"]
            resource["message"] = message
        return {"interaction": interaction, "resource": resource}

    # --- the webhook

    def _hook_interaction(self, req: Request) -> Interaction | None:
        rec = self.by_token.get(req.args["token"])
        if rec is None or req.arg("app") != self.world.application_id:
            return None
        return rec

    def _get_hook(self, req: Request) -> Answer:
        if self._hook_interaction(req) is None:
            return unknown_webhook()
        app = req.args["app"]
        return ok(
            {
                "id": app,
                "type": 3,
                "application_id": app,
                "name": self.world.bot_name,
                "avatar": None,
                "token": req.args["token"],
            }
        )

    def _followup(self, req: Request) -> Answer:
        rec = self._hook_interaction(req)
        if rec is None or rec.callback_type is None:
            return unknown_webhook()
        body, files = req.json, req.files
        if (problem := new_message_error(body, files)) is not None:
            return problem
        fills_in = rec.callback_type == CB_DEFERRED_MESSAGE and not rec.original_edited
        original = self.messages.by_id.get(rec.original_id or 0)
        if fills_in and original is None:
            return unknown_message()  # the "thinking" message was deleted meanwhile
        rec.last_activity = time.monotonic()
        if fills_in and original is not None:
            # The edit keeps the message's ephemerality: the followup's own flag is ignored.
            message = self.messages.edit(original, body, files)
            message["edited_timestamp"] = None
            rec.original_edited = True
            rec.original_snapshot = copy.deepcopy(message)
        else:
            extra = self.message_extra(rec)
            message = self.messages.new(rec.channel_id, body, files, extra=extra)
        mid = int(message["id"])
        rec.followup_ids.append(mid)
        rec.followup_snapshots[mid] = copy.deepcopy(message)
        rec.followups.append(
            Followup(
                message_id=mid,
                asked_ephemeral=bool(int(body.get("flags") or 0) & EPHEMERAL),
                ephemeral=bool(int(message["flags"]) & EPHEMERAL),
                replaced_deferred=fills_in,
            )
        )
        if str(req.query.get("wait", "false")).lower() not in ("true", "1"):
            return ok(status=204)
        return ok(message)

    def _hook_message(self, req: Request) -> tuple[Interaction | None, JSON | None]:
        rec = self._hook_interaction(req)
        if rec is None:
            return None, None
        if req.args["mid"] == "@original":
            mid = rec.original_id
        else:
            wanted = int(req.args["mid"])
            mid = wanted if wanted == rec.original_id or wanted in rec.followup_ids else None
        return rec, self.messages.by_id.get(mid) if mid is not None else None

    def _hook_get(self, req: Request) -> Answer:
        rec, message = self._hook_message(req)
        if rec is None:
            return unknown_webhook()
        return ok(message) if message else unknown_message()

    def _hook_patch(self, req: Request) -> Answer:
        rec, message = self._hook_message(req)
        if rec is None:
            return unknown_webhook()
        if message is None:
            return unknown_message()
        mid = int(message["id"])
        if (retry_after := self.messages.edit_limits.get(mid)) is not None:
            return edit_limit_reached(retry_after)
        if (problem := edit_error(req.json)) is not None:
            return problem
        rec.last_activity = time.monotonic()
        self.messages.edit(message, req.json, req.files)
        if mid == rec.original_id:
            rec.original_edited = True
            rec.original_snapshot = copy.deepcopy(message)
        if mid in rec.followup_snapshots:
            rec.followup_snapshots[mid] = copy.deepcopy(message)
        return ok(message)

    def _hook_delete(self, req: Request) -> Answer:
        rec, message = self._hook_message(req)
        if rec is None:
            return unknown_webhook()
        if message is None:
            return unknown_message()
        rec.last_activity = time.monotonic()
        self.messages.delete(int(message["id"]))
        return ok(status=204)
