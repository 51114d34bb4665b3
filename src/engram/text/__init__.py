"""Text handling shared by routing and the fact store: tokens, stems, stop words, token counts."""

from engram.text.estimate import estimate_tokens
from engram.text.tokenize import Token, anchors_of, terms_of, tokenize

__all__ = ["Token", "anchors_of", "estimate_tokens", "terms_of", "tokenize"]
