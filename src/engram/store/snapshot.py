"""The search index saved next to the database (`memory.db.index`), so a new process searches
at once instead of rebuilding the index from every row.

The file is derived, like the index: deleting it only costs one rebuild. It is written whole
to a temporary file, flushed and renamed over the old one, so a reader sees the old file or
the new one, never a mix. A reader trusts nothing it cannot check: the magic, the format
version, the CRC-32 of everything after the first 16 bytes, the embedding model, and the
shapes of the arrays; `indexing.py` then checks the stamp against the database (the change-log
entry it was taken at, the schema version) before using it.

Layout (little-endian): `ENGRAMIX`, the format version (u32), the CRC-32 (u32), the header's
length (u32), the header (JSON: stamp, model, scalars, and each array's dtype, shape and
offset), then the arrays, each at a multiple of 64 bytes, read through a private memory map
(numpy arrays over it without a copy; a write changes this process's pages only).
"""

from __future__ import annotations

import contextlib
import json
import mmap
import os
import struct
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from engram.store.index import ATTRIBUTES, Ids, Positions, Postings, SearchIndex, Strings, Tags

MAGIC = b"ENGRAMIX"
FORMAT = 1
ALIGN = 64
SUFFIX = ".index"


def snapshot_path(db: Path) -> Path:
    return db.with_name(db.name + SUFFIX)


class Unusable(Exception):
    """The file is not a snapshot this code wrote, or not whole (the message says why)."""


# -- writing ------------------------------------------------------------------------------
def _remove_abandoned(path: Path) -> None:
    """Remove the temporaries of snapshot writes whose process is gone (killed mid-write: its
    cleanup never ran, and a snapshot of 100,000 facts is tens of megabytes); one of a running
    process is its write under way."""
    for leftover in path.parent.glob(f"{path.name}.tmp-*"):
        pid = leftover.name.rpartition("-")[2]
        if not pid.isdigit() or _running(int(pid)):
            continue
        with contextlib.suppress(OSError):
            leftover.unlink()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's process (EPERM), or no such number
        return True
    return True


def write(index: SearchIndex, path: Path, stamp: dict[str, Any], mode: int = 0o600) -> int:
    """Save the index to `path` (atomically: a temporary file renamed over it); returns the
    bytes written. `stamp` says what state of the database the index holds."""
    if index.erased:
        raise ValueError("an index with positions erased in place is never saved")
    arrays = _arrays(index)
    header: dict[str, Any] = {
        **stamp,
        "model": index.model_id,
        "sparse": index.sparse,
        "dims": index.dims,
        "size": index.size,
        "total_length": index.total_length,
        "keys": list(index.keys),
        "tag_names": arrays.pop("tag_names"),
        "arrays": {},
    }
    # Offsets depend on the header's length, which depends on the offsets: lay the arrays out
    # after a header padded to a size they cannot outgrow.
    layout: dict[str, Any] = {}
    for name, values in arrays.items():
        layout[name] = {"dtype": values.dtype.str, "shape": list(values.shape), "offset": 0}
    header["arrays"] = layout
    room = _aligned(20 + len(_json(header)) + 24 * len(arrays) + ALIGN)
    offset = room
    for name, values in arrays.items():
        layout[name]["offset"] = offset
        offset = _aligned(offset + values.nbytes)
    text = _json(header)
    if 20 + len(text) > room:  # cannot happen: offsets grew by fewer than 24 digits each
        raise ValueError("snapshot header outgrew its room")
    _remove_abandoned(path)
    temporary = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    descriptor = os.open(temporary, os.O_CREAT | os.O_TRUNC | os.O_WRONLY, mode)
    try:
        with os.fdopen(descriptor, "wb") as out:
            body = [struct.pack("<I", len(text)), text, b"\0" * (room - 20 - len(text))]
            crc = 0
            for part in body:
                crc = zlib.crc32(part, crc)
            position = room
            chunks: list[bytes | memoryview] = []
            for name, values in arrays.items():
                start = layout[name]["offset"]
                if start > position:
                    chunks.append(b"\0" * (start - position))
                data = np.ascontiguousarray(values).data.cast("B")
                chunks.append(data)
                position = start + len(data)
            for chunk in chunks:
                crc = zlib.crc32(chunk, crc)
            out.write(MAGIC + struct.pack("<II", FORMAT, crc))
            for part in body:
                out.write(part)
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    return position


def _aligned(offset: int) -> int:
    return -(-offset // ALIGN) * ALIGN


def _json(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _arrays(index: SearchIndex) -> dict[str, Any]:
    n = index.size
    out: dict[str, Any] = {name: getattr(index, name)[:n] for name in ATTRIBUTES}
    out.update(_id_arrays(index.ids))
    out.update(_tag_arrays(index.tags, n))
    out.update(_posting_arrays(index.postings))
    if index.sparse:
        used = index.vector_used
        out["vector_ids"] = index.vector_ids[:used]
        out["vector_weights"] = index.vector_weights[:used]
    else:
        out["vectors"] = index.vectors[:n]
    return out


def _strings(values: list[str], base: Strings | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(blob, ends) of `base` followed by `values`."""
    encoded = [value.encode("utf-8") for value in values]
    head = bytes(base.blob) if base is not None else b""
    first = len(head)
    ends = np.cumsum([len(e) for e in encoded], dtype=np.int64) + first
    if base is not None and len(base):
        ends = np.concatenate((base.ends, ends))
    blob = np.frombuffer(head + b"".join(encoded), dtype=np.uint8)
    return blob, ends


def _id_arrays(ids: Ids) -> dict[str, np.ndarray]:
    blob, ends = _strings(ids.added, ids.base)
    everything = ids.base.all() + ids.added
    order = np.array(sorted(range(len(everything)), key=everything.__getitem__), dtype=np.int32)
    return {"id_blob": blob, "id_ends": ends, "id_order": order}


def _tag_arrays(tags: Tags, n: int) -> dict[str, Any]:
    names = list(tags.names)
    code = {name: at for at, name in enumerate(names)}
    if tags._decoded is None and not tags.changed:
        # the snapshot's own codes still hold for its positions
        first, ends, codes = tags.base, [tags.ends], [tags.codes]
        last = int(tags.ends[-1]) if len(tags.ends) else 0
    else:
        first, ends, codes, last = 0, [], [], 0
    extra_ends, extra_codes = [], []
    for position in range(first, n):
        for name in sorted(tags[position]):
            at = code.get(name)
            if at is None:
                at = code[name] = len(names)
                names.append(name)
            extra_codes.append(at)
        extra_ends.append(last + len(extra_codes))
    ends.append(np.array(extra_ends, dtype=np.int64))
    codes.append(np.array(extra_codes, dtype=np.int32))
    return {
        "tag_names": names,
        "tag_ends": np.concatenate(ends).astype(np.int64),
        "tag_codes": np.concatenate(codes).astype(np.int32),
    }


def _posting_arrays(postings: Postings) -> dict[str, np.ndarray]:
    """The base postings merged with the added ones: terms sorted, each term's postings in
    position order (its base ones, then its added ones)."""
    base_terms = postings.terms.all()
    new_terms = sorted(t for t in postings.added if postings.row(t) < 0)
    terms = sorted(base_terms + new_terms)  # two sorted runs: merged in one pass
    slot = {term: at for at, term in enumerate(terms)} if new_terms else None
    base_slots = (
        np.arange(len(base_terms), dtype=np.int64)
        if slot is None
        else np.array([slot[t] for t in base_terms], dtype=np.int64)
    )
    base_counts = np.diff(postings.starts)
    counts = np.zeros(len(terms), dtype=np.int64)
    counts[base_slots] = base_counts
    added_slots = {}
    for term, (docs, _) in postings.added.items():
        row = postings.row(term)
        at = int(base_slots[row]) if row >= 0 else slot[term]  # type: ignore[index]
        added_slots[term] = at
        counts[at] += len(docs)
    starts = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(counts, out=starts[1:])
    total = int(starts[-1])
    docs_out = np.zeros(total, dtype=np.int32)
    tfs_out = np.zeros(total, dtype=np.float32)
    if len(postings.docs):
        # each base posting moves by how far its term's block moved
        shift = np.repeat(starts[base_slots] - postings.starts[:-1], base_counts)
        where = np.arange(len(postings.docs), dtype=np.int64) + shift
        docs_out[where] = postings.docs
        tfs_out[where] = postings.tfs
    for term, (docs, tfs) in postings.added.items():
        at = added_slots[term]
        start = int(starts[at + 1]) - len(docs)  # after the term's base postings
        docs_out[start : start + len(docs)] = np.frombuffer(docs, dtype=np.int32)
        tfs_out[start : start + len(docs)] = np.frombuffer(tfs, dtype=np.float32)
    blob, ends = _strings(terms)
    return {
        "term_blob": blob,
        "term_ends": ends,
        "post_starts": starts,
        "post_docs": docs_out,
        "post_tfs": tfs_out,
    }


# -- reading ------------------------------------------------------------------------------
def read_header(path: Path) -> tuple[dict[str, Any], mmap.mmap]:
    """The header of the snapshot at `path` and its memory map, after checking the magic, the
    format and the CRC; raises Unusable (or OSError when it cannot be read)."""
    with path.open("rb") as handle:
        try:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_COPY)
        except ValueError:  # an empty file
            raise Unusable("empty") from None
    if len(mapped) < 20 or mapped[:8] != MAGIC:
        raise Unusable("not a snapshot")
    version, crc, length = struct.unpack_from("<III", mapped, 8)
    if version != FORMAT:
        raise Unusable(f"format {version}, this version reads {FORMAT}")
    if zlib.crc32(memoryview(mapped)[16:]) != crc:
        raise Unusable("checksum mismatch")
    try:
        header = json.loads(bytes(mapped[20 : 20 + length]))
    except ValueError:
        raise Unusable("unreadable header") from None
    if not isinstance(header, dict):
        raise Unusable("unreadable header")
    return header, mapped


def load(header: dict[str, Any], mapped: mmap.mmap) -> SearchIndex:
    """The index a checked snapshot holds (its arrays are views of the memory map)."""
    try:
        arrays = {
            name: np.frombuffer(
                mapped, dtype=np.dtype(spec["dtype"]), count=int(np.prod(spec["shape"])),
                offset=int(spec["offset"]),
            ).reshape(spec["shape"])
            for name, spec in header["arrays"].items()
        }  # fmt: skip
        return _index(header, arrays)
    except (KeyError, TypeError, ValueError) as exc:
        raise Unusable(f"malformed ({exc})") from None


def _index(header: dict[str, Any], arrays: dict[str, np.ndarray]) -> SearchIndex:
    index = SearchIndex(str(header["model"]), int(header["dims"]), bool(header["sparse"]))
    n = int(header["size"])
    for name, dtype in ATTRIBUTES.items():
        values = arrays[name]
        if values.shape != (n,) or values.dtype != dtype:
            raise ValueError(f"{name} is {values.dtype}{values.shape}, not {n} of {dtype}")
        setattr(index, name, values)
    index.size = index.capacity = n
    index.total_length = float(header["total_length"])
    index.keys = {str(key): code for code, key in enumerate(header["keys"])}
    ids = Strings(arrays["id_blob"], _checked(arrays["id_ends"], n, len(arrays["id_blob"])))
    if arrays["id_order"].shape != (n,):
        raise ValueError("id order of the wrong length")
    index.ids = Ids(ids, arrays["id_order"])
    index.position = Positions(index.ids)
    tag_ends = _checked(arrays["tag_ends"], n, len(arrays["tag_codes"]))
    index.tags = Tags([str(name) for name in header["tag_names"]], tag_ends, arrays["tag_codes"])
    starts = arrays["post_starts"]
    terms = len(starts) - 1
    term_ends = _checked(arrays["term_ends"], terms, len(arrays["term_blob"]))
    if terms < 0 or starts[0] != 0 or starts[-1] != len(arrays["post_docs"]):
        raise ValueError("postings out of bounds")
    if len(arrays["post_tfs"]) != len(arrays["post_docs"]):
        raise ValueError("postings of two lengths")
    index.postings = Postings(
        Strings(arrays["term_blob"], term_ends), starts, arrays["post_docs"], arrays["post_tfs"]
    )
    if index.sparse:
        index.vector_ids = arrays["vector_ids"]
        index.vector_weights = arrays["vector_weights"]
        index.vector_used = len(index.vector_ids)
        if len(index.vector_weights) != index.vector_used:
            raise ValueError("sparse vectors of two lengths")
    else:
        index.vectors = arrays["vectors"]
        if index.vectors.shape != (n, index.dims):
            raise ValueError("dense vectors of the wrong shape")
    return index


def _checked(ends: np.ndarray, count: int, blob: int) -> np.ndarray:
    if ends.shape != (count,) or (count and int(ends[-1]) != blob):
        raise ValueError("string offsets out of bounds")
    return ends


def discard(path: Path) -> None:
    """Remove the snapshot (after an erase: it may hold the erased words)."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
