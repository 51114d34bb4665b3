"""Layered TOML configuration."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engram.config import load_config, sets_nothing
from engram.errors import ConfigError


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_apply_without_files(tmp_path: Path) -> None:
    config = load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "none")})
    assert config["load.expand_top"] == 3 and config.sources["load.expand_top"] == "default"
    assert config["load.disclosure"] == "auto" and config["hooks.path_rules"] == "native"


def test_every_host_cap_is_a_setting_as_its_record_declares_it() -> None:
    """The caps are written out in the config (reading it imports no host module): each must
    be the one its host's record declares, and no other cap setting may be there."""
    from engram.config import SETTINGS
    from engram.hooks.hosts import every_host

    declared = {
        record.cap.key(record.name): (record.cap.default, record.cap.doc, record.cap.minimum)
        for record in every_host()
    }
    listed = {
        key: (setting.default, setting.doc, setting.minimum)
        for key, setting in SETTINGS.items()
        if key.startswith("hooks.") and key.endswith(("_max_chars", "_max_tokens"))
    }
    assert listed == declared
    assert all(SETTINGS[key].kind is int for key in declared)


def test_each_layer_overrides_the_one_below(tmp_path: Path) -> None:
    glob = write(tmp_path / "cfg" / "config.toml", "[load]\nexpand_top = 1\nlimit = 4\n")
    ws = write(tmp_path / "ws" / "engram.toml", "[load]\nexpand_top = 2\n")
    env = {"ENGRAM_CONFIG_DIR": str(tmp_path / "cfg"), "ENGRAM_LOAD_LIMIT": "5"}
    config = load_config(ws.parent, env=env, flags={"load.disclosure": "full"})
    assert (config["load.expand_top"], config.sources["load.expand_top"]) == (2, str(ws))
    assert (config["load.limit"], config.sources["load.limit"]) == (5, "env ENGRAM_LOAD_LIMIT")
    assert config.sources["load.disclosure"] == "command line"
    assert str(glob) not in config.sources.values()


def test_flags_override_environment(tmp_path: Path) -> None:
    env = {"ENGRAM_CONFIG_DIR": str(tmp_path), "ENGRAM_LOAD_LIMIT": "5"}
    assert load_config(None, env=env, flags={"load.limit": 6})["load.limit"] == 6


def test_global_dir_environment_variable_sets_files_global_dir(tmp_path: Path) -> None:
    env = {"ENGRAM_CONFIG_DIR": str(tmp_path), "ENGRAM_GLOBAL_DIR": "/srv/mem"}
    config = load_config(None, env=env)
    assert config["files.global_dir"] == "/srv/mem"
    assert config.sources["files.global_dir"] == "env ENGRAM_GLOBAL_DIR"


def test_unknown_key_names_the_file_and_key(tmp_path: Path) -> None:
    ws = write(tmp_path / "engram.toml", "[load]\nexpand = 2\n")
    with pytest.raises(ConfigError, match=r"engram\.toml: unknown key 'load\.expand'"):
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})
    assert ws.exists()


def test_wrong_type_names_the_file_key_and_value(tmp_path: Path) -> None:
    write(tmp_path / "engram.toml", '[load]\nexpand_top = "three"\n')
    with pytest.raises(ConfigError, match=r"load\.expand_top must be an integer, got 'three'"):
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})


def test_a_bad_value_that_is_a_secret_is_named_but_not_quoted(tmp_path: Path) -> None:
    token = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    write(tmp_path / "engram.toml", f'[load]\nlimit = "{token}"\n')
    with pytest.raises(ConfigError) as raised:
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})
    message = str(raised.value)
    assert token[:8] not in message
    assert message.endswith("load.limit must be an integer, got (not shown: secret)")


def test_value_outside_choices_is_rejected(tmp_path: Path) -> None:
    write(tmp_path / "engram.toml", '[hooks]\npath_rules = "magic"\n')
    with pytest.raises(ConfigError, match="must be one of native, hook"):
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})


def test_bad_environment_value_names_the_variable(tmp_path: Path) -> None:
    env = {"ENGRAM_CONFIG_DIR": str(tmp_path), "ENGRAM_LOAD_EXPAND_TOP": "lots"}
    with pytest.raises(ConfigError, match="env ENGRAM_LOAD_EXPAND_TOP"):
        load_config(None, env=env)


def test_unknown_environment_setting_names_the_variable_and_the_known_keys(tmp_path: Path) -> None:
    env = {"ENGRAM_CONFIG_DIR": str(tmp_path), "ENGRAM_LOAD_EXPANDTOP": "5"}
    with pytest.raises(ConfigError, match=r"env ENGRAM_LOAD_EXPANDTOP: unknown key") as raised:
        load_config(None, env=env)
    assert "load.expand_top" in (raised.value.hint or "")


def test_engram_variables_of_no_setting_section_are_not_settings(tmp_path: Path) -> None:
    env = {"ENGRAM_CONFIG_DIR": str(tmp_path), "ENGRAM_DEBUG": "1", "ENGRAM_DATA_DIR": "/d"}
    assert load_config(None, env=env)["load.expand_top"] == 3


def test_invalid_toml_is_reported_with_the_file(tmp_path: Path) -> None:
    write(tmp_path / "engram.toml", "[load\n")
    with pytest.raises(ConfigError, match=r"engram\.toml: invalid TOML"):
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    write(tmp_path / "engram.toml", "\ufeff[load]\nexpand_top = 5\n")  # as Notepad saves it
    config = load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})
    assert config["load.expand_top"] == 5


def test_generated_config_template_parses_and_sets_nothing(tmp_path: Path) -> None:
    from engram.files.authoring import config_template

    write(tmp_path / "engram.toml", config_template())
    config = load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})
    assert set(config.sources.values()) == {"default"}


def test_binary_config_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "engram.toml").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ConfigError, match=r"engram\.toml: invalid TOML"):
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_config_text_gives_settings_or_a_config_error(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "engram.toml").write_text(text, encoding="utf-8")
        try:
            load_config(Path(folder), env={"ENGRAM_CONFIG_DIR": folder + "/none"})
        except ConfigError as exc:
            assert "engram.toml" in str(exc)


def test_the_lock_timeout_takes_fractions_of_a_second() -> None:
    from engram.config import load_config

    assert load_config(None, env={"ENGRAM_MEMORY_LOCK_TIMEOUT_S": "0.2"})[
        "memory.lock_timeout_s"
    ] == pytest.approx(0.2)


TOML_LINES = ["", "# a comment", "  # limit = 3", "[load]", "[ files ]  # why", "\t",
              "limit = 3", "[a.b]", "# \x01", "# é", "\r", "[load", "# x\r", "[x]\r", "# \x7f",
              "\x0c"]  # fmt: skip


@settings(max_examples=300)
@given(st.lists(st.sampled_from(TOML_LINES), max_size=6), st.sampled_from(["\n", "\r\n"]))
def test_a_file_said_to_set_nothing_parses_to_empty_sections(lines: list[str], end: str) -> None:
    import tomllib

    text = end.join(lines)
    if sets_nothing(text):
        assert all(section == {} for section in tomllib.loads(text).values())


def test_the_template_init_writes_sets_nothing_and_is_not_parsed() -> None:
    from engram.files.authoring import config_template

    assert sets_nothing(config_template())
    assert not sets_nothing(config_template().replace("# limit = 8", "limit = 8"))


USER_KEY = "sk-proj-userOwnKey0123456789abcdefghijklmnop"


def test_a_workspace_file_cannot_point_the_users_llm_key_at_its_own_endpoint(
    tmp_path: Path,
) -> None:
    write(
        tmp_path / "cfg" / "config.toml",
        f'[llm]\nbase_url = "https://api.openai.com/v1"\napi_key = "{USER_KEY}"\n',
    )
    write(tmp_path / "ws" / "engram.toml", '[llm]\nbase_url = "https://collector.example/v1"\n')
    config = load_config(tmp_path / "ws", env={"ENGRAM_CONFIG_DIR": str(tmp_path / "cfg")})
    assert config["llm.base_url"] == "https://api.openai.com/v1"
    assert config.sources["llm.base_url"] == str(tmp_path / "cfg" / "config.toml")


def test_a_workspace_file_cannot_point_an_environment_key_at_its_embeddings_endpoint(
    tmp_path: Path,
) -> None:
    write(tmp_path / "engram.toml", '[embed]\nbase_url = "https://collector.example/v1"\n')
    env = {"ENGRAM_CONFIG_DIR": str(tmp_path / "none"), "ENGRAM_LLM_API_KEY": USER_KEY}
    config = load_config(tmp_path, env=env)
    assert config["embed.base_url"] == "" and config.sources["embed.base_url"] == "default"


def test_a_workspace_llm_endpoint_is_not_used_for_the_users_embeddings_key(
    tmp_path: Path,
) -> None:
    write(tmp_path / "cfg" / "config.toml", f'[embed]\napi_key = "{USER_KEY}"\n')
    write(tmp_path / "ws" / "engram.toml", '[llm]\nbase_url = "https://collector.example/v1"\n')
    config = load_config(tmp_path / "ws", env={"ENGRAM_CONFIG_DIR": str(tmp_path / "cfg")})
    assert (config["embed.base_url"] or config["llm.base_url"]) == ""


def test_a_workspace_file_may_name_an_endpoint_used_with_its_own_key_or_none(
    tmp_path: Path,
) -> None:
    write(
        tmp_path / "engram.toml",
        '[llm]\nbase_url = "http://localhost:11434/v1"\n'
        '[embed]\nbase_url = "https://gateway.example/v1"\napi_key = "team-gateway-key"\n',
    )
    config = load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "none")})
    assert config["llm.base_url"] == "http://localhost:11434/v1"
    assert config["embed.base_url"] == "https://gateway.example/v1"


def test_the_environment_may_point_the_users_key_at_any_endpoint(tmp_path: Path) -> None:
    env = {
        "ENGRAM_CONFIG_DIR": str(tmp_path / "none"),
        "ENGRAM_LLM_API_KEY": USER_KEY,
        "ENGRAM_LLM_BASE_URL": "https://gateway.example/v1",
    }
    write(tmp_path / "engram.toml", '[llm]\nbase_url = "https://collector.example/v1"\n')
    assert load_config(tmp_path, env=env)["llm.base_url"] == "https://gateway.example/v1"


def test_a_section_added_again_below_the_template_says_to_use_the_first(tmp_path: Path) -> None:
    from engram.files.authoring import config_template

    write(tmp_path / "engram.toml", config_template() + '\n[files]\non_hand_edit = "refuse"\n')
    with pytest.raises(ConfigError) as raised:
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})
    assert "[files] is in the file twice" in str(raised.value.hint)
    assert "uncomment" in str(raised.value.hint)


def test_a_key_set_twice_says_to_keep_one(tmp_path: Path) -> None:
    write(tmp_path / "engram.toml", "[load]\nlimit = 3\nlimit = 4\n")
    with pytest.raises(ConfigError) as raised:
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})
    assert "set twice" in str(raised.value.hint)


def test_a_user_config_that_is_a_folder_is_a_config_error_naming_it(tmp_path: Path) -> None:
    folder = tmp_path / "cfg" / "config.toml"
    folder.mkdir(parents=True)
    with pytest.raises(ConfigError, match=r"config\.toml: is a folder, not a TOML file") as raised:
        load_config(None, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "cfg")})
    assert str(folder) in raised.value.message and folder.is_dir()


def test_a_workspace_config_that_is_a_folder_is_a_config_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "engram.toml").mkdir()
    with pytest.raises(ConfigError, match=r"engram\.toml: is a folder, not a TOML file"):
        load_config(tmp_path, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "x")})


def test_a_user_config_that_is_a_dangling_link_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "config.toml").symlink_to(tmp_path / "gone.toml")
    with pytest.raises(ConfigError, match=r"config\.toml: is a link to .*gone\.toml, which"):
        load_config(None, env={"ENGRAM_CONFIG_DIR": str(tmp_path / "cfg")})
