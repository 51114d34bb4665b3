"""OpenAI-compatible `/embeddings` (OpenAI, Azure-style gateways, Ollama, vLLM, LM Studio…).

Batches of 64, retries with exponential back-off on transient errors (timeouts, 429, 5xx),
vectors L2-normalised (some servers return unnormalised ones). A failure after the retries is an
`EmbeddingError`; the caller keeps the fact and leaves its vector to `engram memory rebuild` —
it never switches to another model, which would mix vector spaces.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engram.embed.base import EmbeddingError
from engram.llm import HttpError, post_json

BATCH = 64


class OpenAIEmbedder:
    def __init__(
        self, base_url: str, api_key: str, model: str, *, retries: int = 3, timeout: float = 30.0
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.model = model
        self.model_id = f"openai:{model}"
        self.dims = 0  # known after the first call
        self.sparse = False
        self.retries = retries
        self.timeout = timeout

    def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        rows: list[np.ndarray] = []
        for start in range(0, len(texts), BATCH):
            batch = list(texts[start : start + BATCH])
            try:
                answer = post_json(
                    f"{self.base_url}/embeddings",
                    {"model": self.model, "input": batch},
                    api_key=self.api_key,
                    retries=self.retries,
                    timeout=self.timeout,
                )
                data = sorted(answer["data"], key=lambda item: item["index"])
                vectors = np.asarray([item["embedding"] for item in data], dtype=np.float32)
            except (HttpError, KeyError, TypeError, ValueError) as exc:
                raise EmbeddingError(f"{self.base_url}/embeddings: {exc}") from exc
            if vectors.shape[0] != len(batch):
                raise EmbeddingError(
                    f"{self.base_url}/embeddings returned {vectors.shape[0]} vectors "
                    f"for {len(batch)} texts"
                )
            norms = np.linalg.norm(vectors, axis=1, keepdims=True)
            rows.append(vectors / np.where(norms == 0, 1, norms))
        if not rows:
            return []
        out = np.vstack(rows)
        self.dims = int(out.shape[1])
        return list(out)
