"""The embedder and chat model a store uses, as the configuration chooses them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.config import Config
    from engram.embed.base import Embedder
    from engram.llm import ChatModel


def embedder_from_config(config: Config) -> Embedder:
    from engram.embed.hashed import SparseEmbedder

    provider = config["embed.provider"]
    base_url = config["embed.base_url"] or config["llm.base_url"]
    api_key = config["embed.api_key"] or config["llm.api_key"]
    if provider == "openai" or (provider == "auto" and base_url and api_key):
        if not base_url:
            raise EngramError(
                "embed.provider is openai but no base_url is set",
                hint="set [embed] base_url or [llm] base_url",
            )
        from engram.embed.openai import OpenAIEmbedder

        return OpenAIEmbedder(base_url, api_key, config["embed.model"] or "text-embedding-3-small")
    if provider == "onnx":
        from engram.embed.models import resolve_model
        from engram.embed.onnx import OnnxEmbedder
        from engram.paths import cache_dir

        files = resolve_model(
            config["embed.model"], cache=cache_dir() / "models", hub=config["embed.hub_url"]
        )
        return OnnxEmbedder(files)
    return SparseEmbedder()


def chat_from_config(config: Config) -> ChatModel | None:
    if not (config["llm.base_url"] and config["llm.model"]):
        return None
    from engram.llm import ChatModel

    return ChatModel(config["llm.base_url"], config["llm.api_key"], config["llm.model"])
