"""Reading a script as UTF-8 text, line by line, and saying so clearly when it is not.

Only "\n" ends a line (so line numbers match what an editor shows, and "\r" of Windows line
ends is stripped later); a UTF-8 byte-order mark, as some editors save, is skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

UTF8_BOM = b"\xef\xbb\xbf"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
MIN_GUESS_BYTES = 4


class NotUtf8(Exception):
    """The input is not UTF-8 text: the console exits with status 2 and says so."""


def _looks_utf16(line: bytes) -> bool:
    """UTF-16 text without a byte-order mark: ASCII letters with NUL bytes between them."""
    body = line.rstrip(b"\r\n\x00")
    return len(body) >= MIN_GUESS_BYTES and body.count(0) * 3 >= len(body)


def _refusal(name: str, fix: str, number: int, utf16: bool) -> NotUtf8:
    why = "saved as UTF-16?" if utf16 else f"line {number} has bytes UTF-8 cannot read"
    return NotUtf8(f"{name} is not UTF-8 text ({why}); {fix}.")


def utf8_lines(raw: Iterable[bytes], name: str, fix: str = "save it as UTF-8") -> Iterator[str]:
    """Each line decoded as it comes; raises NotUtf8 at the first line that is not UTF-8."""
    for number, line in enumerate(raw, start=1):
        if number == 1:
            if line.startswith(UTF16_BOMS):
                raise _refusal(name, fix, number, utf16=True)
            line = line.removeprefix(UTF8_BOM)
        if _looks_utf16(line):
            raise _refusal(name, fix, number, utf16=True)
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError:
            raise _refusal(name, fix, number, utf16=False) from None


def read_script(path: str) -> list[str]:
    """A script file's lines, all checked before any is played (raises OSError, NotUtf8)."""
    with open(path, "rb") as handle:
        return list(utf8_lines(handle, path))
