"""The stand-in reads an upload as aiohttp's own multipart reader does, in one pass.

Bodies are written by aiohttp's `FormData`, the way discord.py sends a message with files: a
`payload_json` part, then each file as `files[N]`. Each is read by the stand-in's reader and by
aiohttp's streaming `MultipartReader`; the two must agree. A broken upload is refused as
Discord refuses one (400, 50035) and changes nothing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import aiohttp
import pytest
from aiohttp import BodyPartReader, MultipartReader
from aiohttp.streams import StreamReader

from totembot.testing import StandIn
from totembot.testing.multipart import MalformedMultipart, parts, read_multipart

PAYLOAD = {"content": "a picture", "allowed_mentions": {"parse": []}}
GUILD, CHANNEL = 10, 20
# What a PNG may hold: line ends, hyphens, the start of a delimiter, every byte value.
HOSTILE = b"\r\n--\r\n\r\n--not-the-boundary\r\n" + bytes(range(256)) + b"\r\n-"


class Collected:
    """An aiohttp stream writer that keeps what is written."""

    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data += chunk

    async def write_eof(self, chunk: bytes = b"") -> None:
        self.data += chunk


async def uploaded(files: list[tuple[str, bytes]]) -> tuple[bytes, str]:
    """The body and Content-Type discord.py's upload of `files` has (aiohttp's FormData)."""
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(PAYLOAD), content_type="application/json")
    for index, (filename, data) in enumerate(files):
        form.add_field(
            f"files[{index}]", data, filename=filename, content_type="application/octet-stream"
        )
    payload = form()
    sink = Collected()
    await payload.write(sink)  # type: ignore[arg-type]
    return bytes(sink.data), str(payload.content_type)


async def read_by_aiohttp(body: bytes, content_type: str) -> tuple[Any, list[dict[str, Any]]]:
    """The same body through aiohttp's streaming reader, as the stand-in read it before."""

    class Protocol:
        _reading_paused = False

        def pause_reading(self) -> None:
            self._reading_paused = True

        def resume_reading(self, resume_parser: bool = True) -> None:
            self._reading_paused = False

    stream = StreamReader(Protocol(), 2**16)  # type: ignore[arg-type]
    stream.feed_data(body)
    stream.feed_eof()
    reader = MultipartReader({"Content-Type": content_type}, stream)
    payload: Any = None
    files: list[dict[str, Any]] = []
    while (part := await reader.next()) is not None:
        assert isinstance(part, BodyPartReader)
        raw = bytes(await part.read())
        if part.name == "payload_json":
            payload = json.loads(raw)
            continue
        files.append(
            {
                "name": part.name,
                "filename": part.filename or "file",
                "content_type": part.headers.get("Content-Type", ""),
                "data": raw,
            }
        )
    return payload, files


@pytest.mark.parametrize(
    "files",
    [
        [],
        [("totem-board.png", HOSTILE)],
        [("empty.png", b"")],
        [("tötem chart «1».png", random.Random(7).randbytes(40_000)), ("b.txt", b"two")],
    ],
    ids=["payload only", "hostile bytes", "empty file", "two files, a non-ASCII name"],
)
async def test_an_upload_reads_as_aiohttps_reader_reads_it(files: list[tuple[str, bytes]]) -> None:
    body, content_type = await uploaded(files)
    ours = read_multipart(body, content_type)
    assert ours == await read_by_aiohttp(body, content_type)
    assert ours[0] == PAYLOAD
    assert [file["data"] for file in ours[1]] == [data for _name, data in files]
    assert [file["name"] for file in ours[1]] == [f"files[{n}]" for n in range(len(files))]


async def test_a_preamble_before_the_first_delimiter_is_skipped() -> None:
    body, content_type = await uploaded([("a.png", b"png")])
    parsed = parts(b"a preamble\r\n" + body, content_type.split("boundary=")[1].encode())
    assert [data for _headers, data in parsed] == [json.dumps(PAYLOAD).encode(), b"png"]


async def test_a_truncated_body_or_a_missing_boundary_is_malformed() -> None:
    body, content_type = await uploaded([("a.png", HOSTILE)])
    with pytest.raises(MalformedMultipart, match="not closed"):
        read_multipart(body[: len(body) // 2], content_type)
    with pytest.raises(MalformedMultipart, match="no boundary"):
        read_multipart(body, "multipart/form-data")
    with pytest.raises(MalformedMultipart, match="no part"):
        read_multipart(b"nothing here", content_type)
    broken_json = body.replace(json.dumps(PAYLOAD).encode(), b'{"content": ')
    with pytest.raises(MalformedMultipart, match="payload_json is not JSON"):
        read_multipart(broken_json, content_type)


async def post(standin: StandIn, body: bytes, content_type: str) -> tuple[int, Any]:
    url = f"{standin.api_base}/channels/{CHANNEL}/messages"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, data=body, headers={"Content-Type": content_type}) as response,
    ):
        return response.status, await response.json()


async def test_the_standin_keeps_a_good_upload_and_refuses_a_broken_one() -> None:
    standin = StandIn()
    await standin.start()
    try:
        standin.add_guild(GUILD)
        standin.add_channel(GUILD, CHANNEL)
        body, content_type = await uploaded([("totem-board.png", HOSTILE)])

        status, answer = await post(standin, body[:-10], content_type)
        assert (status, answer["code"]) == (400, 50035)
        assert standin.channel_messages(CHANNEL) == []

        status, answer = await post(standin, body, content_type)
        assert status == 200
        (kept,) = standin.channel_messages(CHANNEL)
        assert kept["content"] == PAYLOAD["content"]
        assert [(a["filename"], a["size"]) for a in kept["attachments"]] == [
            ("totem-board.png", len(HOSTILE))
        ]
    finally:
        await standin.stop()
