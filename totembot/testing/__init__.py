"""A local Discord stand-in (REST + gateway on 127.0.0.1) for end-to-end tests and the bench.

An unmodified discord.py bot connects to it; tests build a world (guilds, channels, members),
act as members (slash commands, autocomplete, button clicks, select menus) and assert on what
the bot did: ``StandIn.calls`` records every REST request, ``Reply`` is what a member saw. It
needs only aiohttp (which discord.py depends on), so it ships with the package.

Behaviour worth knowing (it mirrors Discord):

* ``wait_ready`` returns once the client has *processed* READY and every GUILD_CREATE.
  discord.py's own ``on_ready`` fires ``guild_ready_timeout`` (default 2 s) later.
* Sharded clients keep one session per shard (IDENTIFY's ``shard``): each gets only its own
  guilds, and an event for a guild goes to the owning shard's session (shard 0 without a
  guild). ``identified`` lists every IDENTIFY's shard; ``wait_ready(shards=...)`` waits for
  those shards; ``Interaction.shard`` says which session an interaction went to.
* Ephemeral messages are stored (``message(id)``, clickable) but hidden from
  ``channel_messages`` and from the channel REST routes.
* After a deferred response (callback 5) the first followup fills in the "thinking" message
  and keeps the defer's ephemerality (``Reply.followup_log`` shows what was asked and shown).
* Callbacks later than ``interaction_deadline`` (3 s) get 404 code 10062 and the Reply says
  "This interaction failed"; a second callback gets 400 code 40060. Payloads over Discord's
  limits get 400 code 50035.
* ``exhaust_edits(message_id)`` makes every edit of a message answer 429 code 30046.
* A modal the bot answers with (callback 9, checked against Discord's limits) is in
  ``Reply.modal``; ``submit_modal(user, channel, reply, {field: value})`` submits it (type 5,
  carrying the message whose component opened it, which its answer may update in place).
* ``slash``, ``autocomplete``, ``click`` and ``select`` take ``forged=Forged(guild_id)``: the
  interaction names the real channel but claims another server, or (``Forged(None)``) comes as
  a direct message, as an attacker would forge it.
* ``set_bot_permissions`` feeds ``app_permissions``, the bot's cached channel permissions and
  pin/unpin (403 code 50013 without MANAGE_MESSAGES or PIN_MESSAGES); sending is not gated.

Scope: text channels in guilds, application commands, messages, pins, interaction callbacks,
webhook followups. Anything else answers 404 (and is recorded), so gaps are loud.
"""

from totembot.testing.acting import Forged
from totembot.testing.answers import EDIT_LIMIT_MESSAGE
from totembot.testing.model import (
    ALL_PERMISSIONS,
    DEFAULT_BOT_PERMISSIONS,
    EPHEMERAL,
    MANAGE_MESSAGES,
    PIN_MESSAGES,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    StandInError,
)
from totembot.testing.records import INTERACTION_FAILED, Followup, Reply
from totembot.testing.rest import Call
from totembot.testing.standin import StandIn

__all__ = [
    "ALL_PERMISSIONS",
    "DEFAULT_BOT_PERMISSIONS",
    "EDIT_LIMIT_MESSAGE",
    "EPHEMERAL",
    "INTERACTION_FAILED",
    "MANAGE_MESSAGES",
    "PIN_MESSAGES",
    "SEND_MESSAGES",
    "VIEW_CHANNEL",
    "Call",
    "Followup",
    "Forged",
    "Reply",
    "StandIn",
    "StandInError",
]
