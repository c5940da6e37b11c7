"""`totembot bench`'s live pages, small: real viewers in another process get every change of
the watched games in order, and the figures are the runs' medians and their changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from totembot.bench import live, live_clients
from totembot.bench.live import Run, describe_live, live_figures, measure_live


async def test_every_viewer_gets_every_change_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "CROWD", 20)
    monkeypatch.setattr(live, "GAMES", 10)
    monkeypatch.setattr(live, "ROUNDS", 1)
    measured = await measure_live(str(tmp_path / "live.sqlite3"), each=5, serial=25)
    assert (measured.streams, measured.games) == (29, 10)
    assert measured.in_order and measured.ended_early == 0
    assert measured.latency_p50_ms is not None and measured.latency_p99_ms is not None
    assert 0 < measured.latency_p50_ms <= measured.latency_p99_ms
    assert len(measured.with_pages.serial) == len(measured.without.serial) == 20  # whole rounds
    assert len(measured.with_pages.committed) == 10 * (5 + 2)  # every change, timed


def test_the_figures_say_how_far_the_requests_moved() -> None:
    without = Run(concurrent=[1000.0, 1200.0, 1100.0], serial=[0.001] * 9)
    with_pages = Run(concurrent=[990.0, 1080.0, 1050.0], serial=[0.00105] * 9)
    figures = live_figures(live.LiveFigures(599, 100, True, 0, 120.0, 480.0, without, with_pages))
    assert figures["live_concurrent_per_s_without"] == 1100.0
    assert figures["live_concurrent_change_pct"] == -4.5
    assert figures["live_request_p50_change_pct"] == 5.0
    text = describe_live(figures)
    assert "every stream got every change in order" in text
    assert "p50 120.0 ms, p99 480.0 ms" in text


def test_the_viewers_say_caught_once_every_stream_has_a_rounds_last_change(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rounds = live_clients.Rounds(streams=2, step=5)
    rounds.passed(0, 4)  # before the first round's end: nothing
    rounds.passed(0, 7)  # one stream past 5
    assert capsys.readouterr().out == ""
    rounds.passed(3, 12)  # the other, past 5 and 10 in one message
    assert capsys.readouterr().out == "caught"
    rounds.passed(7, 10)  # the first reaches 10 too
    assert capsys.readouterr().out == "caught"
