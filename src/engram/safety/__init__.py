"""Safety checks run before anything is shown to an agent or stored: secrets, injection, hashes.

Import the submodules directly (`engram.safety.secrets`, …): each is loaded only when needed.
"""
