"""Where memory files live inside a scope root, and which type each folder holds."""

TYPES = ("rule", "skill", "knowledge")
FOLDERS = {"rules": "rule", "skills": "skill", "knowledge": "knowledge"}
TYPE_FOLDER = {v: k for k, v in FOLDERS.items()}
