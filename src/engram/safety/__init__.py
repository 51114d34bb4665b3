"""Safety checks run before anything is shown to an agent or stored: secrets, injection, hashes."""

from engram.safety.hashes import content_hash
from engram.safety.injection import find_injection
from engram.safety.secrets import SecretFinding, find_secrets

__all__ = ["SecretFinding", "content_hash", "find_injection", "find_secrets"]
