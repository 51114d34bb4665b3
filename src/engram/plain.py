"""Plain records: equality and a readable repr read from `__slots__`.

The records of the load and hook paths (tokens, candidates, packs, index rows, settings) are
classes with `__slots__` and an `__init__` of their own rather than dataclasses: importing
`dataclasses` and applying it to those classes costs about as much as the interpreter's own
start-up, and a hook pays its start-up on every prompt. Nothing here imports anything.
"""

from __future__ import annotations


class Plain:
    """Equality by type and slot values, and `Name(field=value, …)` as repr. Not hashable
    (defining `__eq__` alone makes Python set `__hash__` to None); see `Frozen`."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Plain)
        return self._values() == other._values()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Frozen(Plain):
    """A `Plain` record that is never changed after `__init__`, hashed by its values."""

    __slots__: tuple[str, ...] = ()

    def __hash__(self) -> int:
        return hash(self._values())
