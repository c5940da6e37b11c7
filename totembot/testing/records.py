"""What a test reads after acting as a user: the interaction's record, its followups, and the
Reply the user saw.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from totembot.testing.model import EPHEMERAL, JSON

INTERACTION_FAILED = "This interaction failed"

# Interaction types.
IT_COMMAND = 2
IT_COMPONENT = 3
IT_AUTOCOMPLETE = 4
IT_MODAL_SUBMIT = 5

# Interaction callback types.
CB_MESSAGE = 4
CB_DEFERRED_MESSAGE = 5
CB_DEFERRED_UPDATE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE = 8
CB_MODAL = 9


@dataclass(frozen=True)
class Followup:
    """One followup the bot sent (POST /webhooks/{app}/{token}) and what Discord made of it.

    After a deferred message response (callback 5) the first followup fills in the "thinking"
    message instead of posting a new one, and keeps the defer's ephemerality whatever the
    followup asked for: ``asked_ephemeral`` and ``ephemeral`` then differ.
    """

    message_id: int
    asked_ephemeral: bool
    ephemeral: bool
    replaced_deferred: bool


@dataclass
class Interaction:
    """The stand-in's record of one interaction it sent to the bot."""

    id: int
    token: str
    type: int
    channel_id: int
    guild_id: int
    user_id: int
    created: float  # time.monotonic() when it was dispatched
    deadline: float  # callbacks after this instant get 404 code 10062
    component_message_id: int | None = None
    forged_message: JSON | None = None  # the message the payload carries, when not the stored one
    callback_type: int | None = None
    late_callbacks: int = 0
    original_id: int | None = None
    original_snapshot: JSON | None = None
    original_edited: bool = False
    followup_ids: list[int] = field(default_factory=list)
    followup_snapshots: dict[int, JSON] = field(default_factory=dict)
    followups: list[Followup] = field(default_factory=list)
    choices: list[JSON] = field(default_factory=list)
    modal: JSON | None = None
    last_activity: float = 0.0
    shard: int | None = None  # the shard whose session it was sent to (None: nobody's)


@dataclass
class Reply:
    """What a user would see after an interaction.

    ``shown_error`` is Discord's own notice when the bot did not answer in time (its callback
    came after the deadline, or never): then ``failed`` is true and there is no content.
    ``followup_log`` tells, followup by followup, what the bot asked and what was shown.
    """

    type: int
    content: str | None
    embeds: list[JSON]
    components: list[JSON]
    ephemeral: bool
    message_id: int | None
    followups: list[JSON]
    choices: list[JSON] = field(default_factory=list)
    modal: JSON | None = None
    interaction_id: int = 0
    followup_log: list[Followup] = field(default_factory=list)
    shown_error: str | None = None
    late_callbacks: int = 0

    @property
    def failed(self) -> bool:
        return self.shown_error is not None

    @property
    def deferred(self) -> bool:
        return self.type in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE)


def reply_of(rec: Interaction, messages: dict[int, JSON], failed: bool = False) -> Reply:
    """The Reply for ``rec`` now; deleted messages are shown as they last were."""
    shown: JSON | None = None
    if rec.original_id is not None:
        shown = messages.get(rec.original_id) or rec.original_snapshot
    followups = [
        copy.deepcopy(messages.get(mid) or rec.followup_snapshots[mid]) for mid in rec.followup_ids
    ]
    return Reply(
        type=rec.callback_type or 0,
        content=shown["content"] if shown is not None else None,
        embeds=copy.deepcopy(shown["embeds"]) if shown is not None else [],
        components=copy.deepcopy(shown["components"]) if shown is not None else [],
        ephemeral=bool(shown is not None and int(shown["flags"]) & EPHEMERAL),
        message_id=rec.original_id,
        followups=followups,
        choices=copy.deepcopy(rec.choices),
        modal=copy.deepcopy(rec.modal),
        interaction_id=rec.id,
        followup_log=list(rec.followups),
        shown_error=INTERACTION_FAILED if failed else None,
        late_callbacks=rec.late_callbacks,
    )
