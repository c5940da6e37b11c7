"""Messages as Discord keeps them: channel history, ephemeral ones hidden, pins, attachments,
mentions resolved under ``allowed_mentions``, and messages past their edit limit.
"""

from __future__ import annotations

import re
from typing import Any

from totembot.testing.model import EPHEMERAL, JSON, LOADING, World, now_iso

_MENTION_USER = re.compile(r"<@!?(\d+)>")
_MENTION_ROLE = re.compile(r"<@&(\d+)>")
MAX_PINS = 250


class MessageStore:
    """Every message by id, each channel's order, pins, and which messages are hidden."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.by_id: dict[int, JSON] = {}
        self.order: dict[int, list[int]] = {}
        self.hidden: set[int] = set()  # ephemeral messages: not in channel history
        self.pinned: dict[int, list[tuple[int, str]]] = {}
        self.edit_limits: dict[int, float] = {}  # message id -> retry_after of its 30046
        self.uploads: dict[str, bytes] = {}  # attachment id -> the file's bytes, for tests

    # --- reading

    def in_channel(self, channel_id: int, message_id: int) -> JSON | None:
        """A message as the channel routes see it: visible and in that channel."""
        message = self.by_id.get(message_id)
        if message is None or int(message["channel_id"]) != channel_id:
            return None
        return None if message_id in self.hidden else message

    def visible(self, channel_id: int) -> list[int]:
        return [m for m in self.order.get(channel_id, []) if m not in self.hidden]

    def history(self, channel_id: int, query: Any) -> list[JSON]:
        """GET /channels/{id}/messages: newest first, with before/after/around paging."""
        limit = max(1, min(100, int(query.get("limit", 50))))
        ids = self.visible(channel_id)
        if "before" in query:
            ids = [m for m in ids if m < int(query["before"])][-limit:]
        elif "after" in query:
            ids = [m for m in ids if m > int(query["after"])][:limit]
        elif "around" in query:
            around = int(query["around"])
            older = [m for m in ids if m < around][-(limit // 2) :] if limit > 1 else []
            newer = [m for m in ids if m >= around][: limit - len(older)]
            ids = older + newer
        else:
            ids = ids[-limit:]
        return [self.by_id[m] for m in reversed(ids)]

    def pins(self, channel_id: int) -> list[int]:
        return [mid for mid, _ in self.pinned.get(channel_id, [])]

    # --- writing

    def new(
        self,
        channel_id: int,
        payload: JSON,
        files: list[JSON],
        *,
        kind: int = 0,
        flags: int | None = None,
        extra: JSON | None = None,
    ) -> JSON:
        mid = self.world.snowflakes.next()
        content = payload.get("content") or ""
        allowed = payload.get("allowed_mentions")
        mentions, roles, everyone = self._mentions(content, allowed)
        message: JSON = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "author": self.world.users[self.world.bot_user_id],
            "content": content,
            "embeds": [{"type": "rich", **e} for e in payload.get("embeds") or []],
            "components": payload.get("components") or [],
            "attachments": self._attachments(payload, files),
            "pinned": False,
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "type": kind,
            "flags": int(payload.get("flags") or 0) if flags is None else flags,
            "mentions": mentions,
            "mention_roles": roles,
            "mention_everyone": everyone,
            "tts": bool(payload.get("tts", False)),
            "allowed_mentions": allowed,
        }
        reference = payload.get("message_reference")
        if reference:
            message["type"] = 19
            message["message_reference"] = {
                "message_id": str(reference.get("message_id")),
                "channel_id": str(reference.get("channel_id") or channel_id),
                "guild_id": str(self.world.channels[channel_id].guild_id),
            }
        message.update(extra or {})
        self.by_id[mid] = message
        self.order.setdefault(channel_id, []).append(mid)
        if message["flags"] & EPHEMERAL:
            self.hidden.add(mid)
        return message

    def edit(self, message: JSON, payload: JSON, files: list[JSON]) -> JSON:
        """Apply the fields present in ``payload``; ephemerality never changes on an edit."""
        for key in ("content", "components"):
            if key in payload:
                message[key] = payload[key] or ([] if key == "components" else "")
        if "embeds" in payload:
            message["embeds"] = [{"type": "rich", **e} for e in payload["embeds"] or []]
        if "allowed_mentions" in payload:
            message["allowed_mentions"] = payload["allowed_mentions"]
        if "attachments" in payload or files:
            message["attachments"] = self._attachments(payload, files, keep=message["attachments"])
        old_flags = int(message["flags"])
        if payload.get("flags") is not None:
            message["flags"] = (old_flags & EPHEMERAL) | (int(payload["flags"]) & ~EPHEMERAL)
        message["flags"] = int(message["flags"]) & ~LOADING
        mentions, roles, everyone = self._mentions(message["content"], message["allowed_mentions"])
        message.update(mentions=mentions, mention_roles=roles, mention_everyone=everyone)
        message["edited_timestamp"] = now_iso()
        return message

    def delete(self, message_id: int) -> None:
        message = self.by_id.pop(message_id, None)
        if message is None:
            return
        cid = int(message["channel_id"])
        if message_id in self.order.get(cid, []):
            self.order[cid].remove(message_id)
        self.unpin(cid, message_id)
        self.hidden.discard(message_id)
        self.edit_limits.pop(message_id, None)

    def pin(self, channel_id: int, message: JSON) -> bool:
        """Pin ``message``; False when the channel already has Discord's maximum of pins."""
        pins = self.pinned.setdefault(channel_id, [])
        mid = int(message["id"])
        if mid not in [m for m, _ in pins]:
            if len(pins) >= MAX_PINS:
                return False
            pins.append((mid, now_iso()))
        message["pinned"] = True
        return True

    def unpin(self, channel_id: int, message_id: int) -> None:
        pins = self.pinned.get(channel_id, [])
        self.pinned[channel_id] = [(m, at) for m, at in pins if m != message_id]
        message = self.by_id.get(message_id)
        if message is not None:
            message["pinned"] = False

    # --- details

    def _mentions(self, content: str, allowed: JSON | None) -> tuple[list[JSON], list[str], bool]:
        """Who a message pings: what its text mentions, as far as allowed_mentions lets it."""
        user_ids = [int(x) for x in _MENTION_USER.findall(content)]
        role_ids = list(_MENTION_ROLE.findall(content))
        everyone = "@everyone" in content or "@here" in content
        if allowed is not None:
            parse = allowed.get("parse") or []
            if "users" not in parse:
                permitted = {int(u) for u in allowed.get("users") or []}
                user_ids = [u for u in user_ids if u in permitted]
            if "roles" not in parse:
                permitted_roles = {str(r) for r in allowed.get("roles") or []}
                role_ids = [r for r in role_ids if r in permitted_roles]
            everyone = everyone and "everyone" in parse
        users = [self.world.users[u] for u in dict.fromkeys(user_ids) if u in self.world.users]
        return users, list(dict.fromkeys(role_ids)), everyone

    def _attachments(
        self, payload: JSON, files: list[JSON], keep: list[JSON] | None = None
    ) -> list[JSON]:
        """Uploaded files become attachments; an edit keeps the ones it lists by id."""
        out: list[JSON] = []
        wanted = payload.get("attachments")
        if keep is not None and wanted is not None:
            ids = {str(a.get("id")) for a in wanted}
            out.extend(a for a in keep if str(a["id"]) in ids)
        for index, upload in enumerate(files):
            aid = self.world.snowflakes.next()
            meta: JSON = next((a for a in wanted or [] if str(a.get("id")) == str(index)), {})
            filename = upload["filename"]
            url = f"{self.world.api_base}/attachments/{aid}/{filename}"
            self.uploads[str(aid)] = bytes(upload["data"])
            out.append(
                {
                    "id": str(aid),
                    "filename": filename,
                    "size": len(upload["data"]),
                    "url": url,
                    "proxy_url": url,
                    "content_type": upload["content_type"],
                    "description": meta.get("description"),
                }
            )
        return out
