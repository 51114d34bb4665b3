"""Where memory files live inside a scope root, and which type each folder holds."""

TYPES = ("rule", "skill", "knowledge")
FOLDERS = {"rules": "rule", "skills": "skill", "knowledge": "knowledge"}
TYPE_FOLDER = {v: k for k, v in FOLDERS.items()}
# The approved hashes of a scope root's memories (`engram.files.approvals`), in the root. Here,
# so that a load can notice the file changed without importing the module that reads it.
HASHES_FILE = "memory.hashes.json"

# Names Windows keeps for devices, with any extension ("con.md", "aux.notes.md"): such a file
# cannot be created or checked out there, so no memory id may be one.
_DEVICE_NAMES = frozenset(
    ["con", "prn", "aux", "nul"] + [f"{port}{n}" for port in ("com", "lpt") for n in range(1, 10)]
)


def device_name(memory_id: str) -> bool:
    """Whether `<memory_id>.md` is a name Windows reserves for a device."""
    return memory_id.split(".", 1)[0].rstrip(" ").casefold() in _DEVICE_NAMES
