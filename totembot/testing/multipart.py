"""The stand-in's reading of a multipart body (a message with files, as discord.py uploads it).

The body is read whole and split at its boundary. aiohttp's streaming reader did the same work
in 8 KB steps, and `request.content_type` parsed each upload's unique boundary with the
standard library's e-mail parser: about 1 ms of the event loop per picture, which the bench's
bot shares with this stand-in (Discord's own parsing never runs in the bot's process). The
headers of each part are still read with aiohttp's own `parse_content_disposition`.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp.helpers import parse_mimetype
from aiohttp.multipart import parse_content_disposition

from totembot.testing.model import JSON

CRLF = b"\r\n"
HEAD_END = b"\r\n\r\n"


class MalformedMultipart(ValueError):
    """The body does not follow the multipart form it announces."""


def is_multipart(content_type: str) -> bool:
    return content_type.lstrip().lower().startswith("multipart/")


def boundary_of(content_type: str) -> bytes:
    boundary = parse_mimetype(content_type).parameters.get("boundary")
    if not boundary:
        raise MalformedMultipart(f"no boundary in Content-Type: {content_type}")
    return boundary.encode()


def read_multipart(body: bytes, content_type: str) -> tuple[Any, list[JSON]]:
    """The `payload_json` part (parsed) and every other part as a file."""
    payload: Any = None
    files: list[JSON] = []
    for headers, data in parts(body, boundary_of(content_type)):
        _kind, params = parse_content_disposition(headers.get("content-disposition"))
        name = params.get("name")
        if name == "payload_json":
            payload = _json_of(data)
            continue
        files.append(
            {
                "name": name,
                "filename": params.get("filename") or "file",
                "content_type": headers.get("content-type", ""),
                "data": data,
            }
        )
    return payload, files


def parts(body: bytes, boundary: bytes) -> list[tuple[dict[str, str], bytes]]:
    """Each part's headers (names in lower case) and data, in order (RFC 2046, section 5.1.1:
    a delimiter is CRLF, two hyphens and the boundary; the last one ends with two more)."""
    delimiter = b"--" + boundary
    if not body.startswith(delimiter):
        start = body.find(CRLF + delimiter)
        if start < 0:
            raise MalformedMultipart("the body has no part")
        body = body[start + 2 :]
    found: list[tuple[dict[str, str], bytes]] = []
    position = len(delimiter)
    while not body.startswith(b"--", position):
        head_end = body.find(HEAD_END, position)
        end = body.find(CRLF + delimiter, position)
        if head_end < 0 or end < 0 or head_end > end:
            raise MalformedMultipart("a part is not closed by the boundary")
        found.append((_headers(body[position:head_end]), body[head_end + 4 : end]))
        position = end + 2 + len(delimiter)
    return found


def _json_of(data: bytes) -> Any:
    try:
        return json.loads(data.decode())
    except ValueError as error:  # UnicodeDecodeError is one too
        raise MalformedMultipart(f"payload_json is not JSON: {error}") from error


def _headers(block: bytes) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in block.decode("utf-8", errors="replace").split("\r\n"):
        name, colon, value = line.partition(":")
        if colon:
            headers[name.strip().lower()] = value.strip()
    return headers
