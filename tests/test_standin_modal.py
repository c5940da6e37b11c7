"""The stand-in checks a modal as Discord does (openapi.json's ModalInteractionCallback): a
modal over its limits is refused, so the bot's "Other amount" form is checked on every run."""

from __future__ import annotations

from totembot.testing.validation import modal_problems


def modal(title: str = "Other amount", label: str = "Amount, 1 to 1,000,000") -> dict[str, object]:
    field = {"type": 4, "custom_id": "amount", "label": label, "style": 1}
    return {
        "custom_id": "totem:panel:mdl:1",
        "title": title,
        "components": [{"type": 1, "components": [field]}],
    }


def test_a_modal_within_the_limits_passes() -> None:
    assert modal_problems(modal()) == []


def test_a_long_title_a_long_label_and_no_rows_are_refused() -> None:
    assert [where for where, _ in modal_problems(modal(title="t" * 46, label="l" * 46))] == [
        "data.title",
        "data.components.label",
    ]
    empty = {"custom_id": "x", "title": "t", "components": []}
    assert modal_problems(empty) == [("data.components", "Must be between 1 and 5 in length.")]
    assert ("data.title", "This field is required") in modal_problems({"custom_id": "x"})
