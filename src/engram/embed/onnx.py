"""A sentence-embedding model run locally with onnxruntime (the `engram[onnx]` extra).

The pipeline of a sentence-transformers model: the model's own tokenizer (Hugging Face
`tokenizers`, truncated to `max_tokens`), the transformer as an ONNX graph, mean pooling over
the attention mask, then unit length. Nothing leaves the machine.

The runtime loads on the first `embed` call, not when the embedder is made: a store opened
only to list or count facts never pays for it. Texts are embedded in batches sorted by length,
so short facts are not padded to the length of a long one.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from engram.embed.base import EmbeddingError
from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.embed.models import ModelFiles

BATCH = 32


class OnnxEmbedder:
    """Dense unit vectors from a local ONNX sentence-embedding model."""

    sparse = False

    def __init__(self, files: ModelFiles, *, threads: int = 0) -> None:
        self.files = files
        self.model_id = files.model_id
        self.threads = threads  # 0: onnxruntime's default (one per core)
        self._session: Any = None
        self._tokenizer: Any = None
        self._inputs: tuple[str, ...] = ()
        self._dims = 0
        self._lock = threading.Lock()

    @property
    def dims(self) -> int:
        self._load()
        return self._dims

    def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        if not texts:
            return []
        self._load()
        out = np.zeros((len(texts), self._dims), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), BATCH):
            chunk = order[start : start + BATCH]
            out[chunk] = self._embed_batch([texts[i] for i in chunk])
        return list(out)

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        encoded = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        try:
            hidden = np.asarray(self._session.run(None, feed)[0], dtype=np.float32)
        except Exception as exc:  # onnxruntime raises its own exception types
            raise EmbeddingError(f"{self.files.graph}: {exc}") from exc
        if hidden.ndim == 3:  # token states: mean over the real tokens
            weights = mask[..., None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1.0)
        else:  # the graph pools already
            pooled = hidden
        pooled = np.asarray(pooled, dtype=np.float32)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        pooled = pooled / np.where(norms == 0, 1, norms)
        # an empty text is the zero vector, as the Embedder interface promises
        pooled[[not text.strip() for text in texts]] = 0
        return pooled

    def _load(self) -> None:
        if self._session is not None:
            return
        with self._lock:
            if self._session is not None:
                return
            try:
                import onnxruntime
                from tokenizers import Tokenizer
            except ImportError:
                raise EngramError(
                    "local embeddings need onnxruntime and tokenizers",
                    hint="install the extra: pip install 'engram[onnx]'",
                ) from None
            try:
                tokenizer = Tokenizer.from_file(str(self.files.tokenizer))
                tokenizer.enable_truncation(self.files.max_tokens)
                tokenizer.enable_padding()
                options = onnxruntime.SessionOptions()
                options.log_severity_level = 3  # warnings about the graph are not the user's
                if self.threads:
                    options.intra_op_num_threads = self.threads
                session = onnxruntime.InferenceSession(
                    str(self.files.graph), options, providers=["CPUExecutionProvider"]
                )
            except Exception as exc:  # a broken file: onnxruntime/tokenizers' own errors
                raise EngramError(
                    f"cannot load embedding model {self.files.name}: {exc}",
                    hint="check the model files, or choose another [embed] model",
                ) from None
            width = session.get_outputs()[0].shape[-1]
            if not isinstance(width, int):
                raise EngramError(
                    f"embedding model {self.files.name}: output width is not fixed ({width})",
                    hint="use a sentence-embedding ONNX export (last dimension = vector size)",
                )
            self._inputs = tuple(i.name for i in session.get_inputs())
            self._tokenizer = tokenizer
            self._dims = width
            self._session = session
