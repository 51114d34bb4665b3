"""Users write in English, Russian, Spanish and Japanese: routing works in each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.helpers import routed_ids


def test_russian_query_finds_russian_memory_across_inflections(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-ru", "# Развёртывание\n\nПеред развертыванием всегда запускайте тесты.\n")
    memory("other", "# Другое\n\nПро кофе.\n")
    assert routed_ids(project, "как развернуть сервис без тестов") == ["deploy-ru"]


def test_spanish_query_finds_spanish_memory_across_inflections(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-es", "# Despliegue\n\nAntes de los despliegues, ejecuta las pruebas.\n")
    memory("other", "# Otro\n\nSobre el café.\n")
    assert routed_ids(project, "el despliegue del servicio") == ["deploy-es"]


def test_japanese_query_finds_japanese_memory_without_spaces(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-ja", "# デプロイ手順\n\n本番環境へのデプロイ前にテストを実行する。\n")
    memory("other", "# 別件\n\nコーヒーについて。\n")
    assert routed_ids(project, "本番環境にデプロイしたい") == ["deploy-ja"]


def test_russian_generic_words_alone_load_nothing(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("rules-ru", "# Правила\n\nправила и знания\n")
    assert routed_ids(project, "правила знания") == []
