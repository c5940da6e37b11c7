"""The immutable model every game's state is built from, with the two operations the rules
repeat on every request made cheap: a copy with some fields changed, and equality.

pydantic's own `model_copy` and `==` handle what these models never have (extra fields, private
attributes, generic origins) and cost a few microseconds each; the rules call them a dozen times
a request. Here both are as pydantic defines them, for models that have none of those.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict

_set = object.__setattr__
# Each model class's full set of field names, shared by every instance that has them all set
# (the rules' own copies nearly always do): a set per instance was a fifth of the objects each
# request left for the collector's youngest generation to walk. Nothing changes these sets in
# place: pydantic copies a model's set before adding to it, and these models are frozen.
_EVERY_FIELD: dict[type[BaseModel], set[str]] = {}


def _every_field(cls: type[BaseModel]) -> set[str]:
    shared = _EVERY_FIELD.get(cls)
    if shared is None:
        shared = _EVERY_FIELD[cls] = set(cls.__pydantic_fields__)
    return shared


class Frozen(BaseModel):
    """Immutable model: a change is always a new object."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    @classmethod
    def trusted(cls, **fields: Any) -> Self:
        """A model from values that are already valid models and plain values of the right
        types (the rules' own), without validating them again: every field given."""
        if fields.keys() != cls.__pydantic_fields__.keys():
            raise TypeError(f"{cls.__name__}.trusted takes every field: {sorted(fields)}")
        made = cls.__new__(cls)
        _set(made, "__dict__", {name: fields[name] for name in cls.__pydantic_fields__})
        _set(made, "__pydantic_extra__", None)
        _set(made, "__pydantic_fields_set__", _every_field(cls))
        _set(made, "__pydantic_private__", None)
        return made

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """As pydantic's: the fields copied shallowly, `update` applied without validation."""
        if deep or not update:
            return super().model_copy(update=update, deep=deep)
        copied = self.__class__.__new__(self.__class__)
        _set(copied, "__dict__", {**self.__dict__, **update})
        _set(copied, "__pydantic_extra__", None)  # extra="forbid": never any
        fields_set = self.__pydantic_fields_set__
        if not update.keys() <= fields_set:  # else the same names: the same (shared) set
            fields_set = fields_set | update.keys()
        _set(copied, "__pydantic_fields_set__", fields_set)
        _set(copied, "__pydantic_private__", None)  # no private attributes
        return copied

    def __eq__(self, other: object) -> bool:
        """As pydantic's: same class, same fields (unchanged parts are often the same objects,
        which Python compares at once)."""
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return super().__eq__(other)
        return self.__dict__ == other.__dict__
