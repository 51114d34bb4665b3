"""Notes with no subject word ("Lives in Berlin", "Switched from VS Code to Neovim"), as
assistants jot facts about the user down: read as said of the user (issue 11)."""

from __future__ import annotations

import pytest

from engram.store.parse import parse
from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("note", "sentence"),
    [
        ("Lives in Berlin.", "The user lives in Berlin."),
        ("Vive en Valencia.", "El usuario vive en Valencia."),
        ("Живёт в Казани.", "Пользователь живёт в Казани."),
        ("Works at Stripe as a team lead.", "The user works at Stripe as a team lead."),
        ("Se ha mudado a Alicante.", "El usuario se ha mudado a Alicante."),
        ("Ha vendido el coche.", "El usuario ha vendido el coche."),
        ("Se mudó a Alicante.", "El usuario se mudó a Alicante."),
        ("Tiene un Seat León.", "El usuario tiene un Seat León."),
        ("Va al gimnasio Basic-Fit.", "El usuario va al gimnasio Basic-Fit."),
        ("Переехал в Самару.", "Пользователь переехал в Самару."),
        ("В прошлом месяце переехал в Самару.", "Пользователь переехал в Самару."),
    ],
)
def test_a_note_opening_with_its_verb_is_said_of_the_user(note: str, sentence: str) -> None:
    assert parse(note).subject == parse(sentence).subject


@pytest.mark.parametrize(
    "text",
    [
        "Deploys happen on Fridays.",
        "Releases now ship weekly.",
        "Alerts are posted in #ops.",
        "Cached entries expire after 5 minutes.",
        "Deploys to production require two approvals.",
        "Ejecuta siempre las pruebas antes de subir cambios.",
        "Falta el test de pagos.",
        "Se cayó el servidor de pagos.",
        "Cambiaron el servidor de pagos.",
        "Упал прод.",
        "Упала база в проде.",
        "Вокзал в центре города.",
        "Сигнал в 9:00.",
        "Lives in Berlin?",
        "Tomas Nakamura lives in Osaka.",
        "Marks Nakamura lives in Osaka.",
    ],
)
def test_a_plural_noun_an_instruction_an_event_or_a_question_gets_no_user(text: str) -> None:
    assert not {"user", "usuario", "пользователь"} & parse(text).subject


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Lives in Berlin.", "Now lives in Munich."),
        ("Lives in Berlin.", "Moved to Munich."),
        ("Vive en Valencia.", "Ahora vive en Madrid."),
        ("Живёт в Казани.", "Теперь живёт в Москве."),
        ("Uses VS Code at work.", "Switched from VS Code to Neovim at work."),
        ("Vive en Valencia.", "Se ha mudado a Alicante este mes."),
        ("Живёт в Казани.", "В прошлом месяце переехал в Самару."),
    ],
)
def test_a_subjectless_update_supersedes_a_subjectless_note(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Lives in Berlin.", "The user lives in Berlin."),
        ("Speaks Portuguese fluently.", "Is fluent in Portuguese."),
    ],
)
def test_a_subjectless_note_told_again_is_a_duplicate(old: str, new: str) -> None:
    assert outcome(old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Lives in Berlin.", "Bob lives in Berlin."),
        ("Speaks Portuguese fluently.", "Speaks Spanish fluently."),
        ("Uses Python for scripts.", "Uses Go for services."),
        ("Went to Japan in 2022.", "Went to Italy in 2023."),
        ("Works at Stripe.", "Works on the payments team."),
        ("Maintains the faro-api repo.", "Maintains the faro-web repo."),
        ("Has been vegan since 2019.", "Has been running since 2015."),
        ("Работает в Яндексе.", "Работает с Олегом."),
    ],
)
def test_another_fact_in_a_subjectless_note_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_second_copy_elsewhere_is_one_more_place() -> None:
    old = "The user stores database backups in an S3 bucket in eu-west-1."
    new = "The user stores database backups in an S3 bucket in us-east-1 as a second copy."
    assert outcome(old, new) not in HIDING


def test_a_bare_verb_after_is_is_the_value() -> None:
    old, new = "The team channel is design.", "The team channel is product."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Is in the #incidents Slack channel.", "Is in the #release-train Slack channel."),
        ("Alice is in the chess club.", "Alice is in the book club."),
        ("Пользователь состоит в чате #backend.", "Пользователь состоит в чате #frontend."),
        ("Ana está en el canal #ventas.", "Ana está en el canal #soporte."),
    ],
)
def test_being_in_another_group_is_one_more_group(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_moving_to_another_team_still_supersedes() -> None:
    assert outcome("Alice is in the platform team.", "Alice is now in the search team.") == (
        "supersede"
    )


def test_people_named_like_a_verb_are_not_one_user() -> None:
    old, new = "Tomas Okafor lives in Prague.", "Tomas Nakamura lives in Osaka."
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Meets Bob every Friday.", "Meets Ana every Friday."),
        ("Мы встречаемся с Олегом по пятницам.", "Мы встречаемся с Анной по пятницам."),
        ("Ana se reúne con Pedro los lunes.", "Ana se reúne con Luis los lunes."),
    ],
)
def test_meeting_another_person_is_one_more_meeting(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_meeting_another_person_instead_supersedes() -> None:
    old, new = "The user meets Bob every Friday.", "The user now meets Ana every Friday instead."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("note", "subject"),
    [
        ("Ha vendido el León su cuñado.", "cunado"),
        ("Se mudó a Valencia mi hermana el mes pasado.", "hermana"),
        ("Переехал в Самару брат.", "брат"),
        ("Уволился из Яндекса его руководитель.", "руководитель"),
        ("Se mudó a Valencia la empresa de su padre.", "empresa"),
        ("Se trasladó a Valencia la oficina de su mujer.", "esposa"),  # (as "esposa")
    ],
)
def test_a_subject_told_after_its_verb_is_the_subject(note: str, subject: str) -> None:
    assert subject in parse(note).subject


@pytest.mark.parametrize(
    "note",
    ["Vive en Madrid con su novia.", "Ha vendido su coche.", "Живёт у брата."],
)
def test_whom_the_verb_takes_leaves_the_note_said_of_the_user(note: str) -> None:
    assert {"usuario", "пользователь"} & parse(note).subject


def test_an_impersonal_se_ha_is_said_of_no_one() -> None:
    assert not {"usuario"} & parse("Se ha cancelado el vuelo a Roma.").subject


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Vive en Madrid.", "Se mudó a Valencia mi hermana."),
        ("Tiene un Seat León.", "Ha vendido el León su cuñado."),
        ("Живёт в Москве.", "Переехал в Самару брат."),
        ("Работает в Яндексе.", "Уволился из Яндекса его руководитель."),
        ("Tiene un vuelo a París el viernes.", "Se ha cancelado el vuelo a Roma."),
        ("Vive en Alicante.", "Se mudó a Valencia la empresa de su padre."),
        (
            "La oficina del usuario está en Madrid.",
            "Se trasladó a Valencia la oficina de su mujer.",
        ),
        ("Su padre vive en Madrid.", "Se mudó a Valencia la empresa de su padre."),
    ],
)
def test_someone_else_told_after_the_verb_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_time_after_the_place_leaves_the_note_said_of_the_user() -> None:
    assert outcome("Vive en Alicante.", "Se mudó a Valencia la semana pasada.") == "supersede"


@pytest.mark.parametrize(
    "new", ["Se mudó a Valencia el 3 de marzo.", "Se mudó a Valencia la Nochevieja pasada."]
)
def test_a_date_after_the_place_leaves_the_note_said_of_the_user(new: str) -> None:
    assert outcome("Vive en Madrid.", new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Paga 800 euros de alquiler", "Ahora paga 900 euros de alquiler"),
        ("Toma el tren de las 8 de la mañana", "Ahora toma el tren de las 9 de la mañana"),
    ],
)
def test_a_spanish_fact_opening_with_its_verb_is_updated_by_now(old: str, new: str) -> None:
    # (with or without "ahora" before it, the verb starts the predicate: no subject is said)
    assert outcome(old, new) == "supersede"


def test_a_spanish_noun_spelt_as_a_verb_still_opens_the_subject() -> None:
    assert "visita" in parse("Visita del técnico el martes").subject
    assert not parse("Visita al técnico el martes").subject


def test_an_english_name_spelt_as_a_spanish_verb_is_still_who_acts() -> None:
    old, new = "Mira runs the design team.", "The design team is now run by Felix."
    assert outcome(old, new) == "supersede"


def test_a_spanish_name_spelt_as_a_verb_before_its_verb_is_who_acts() -> None:
    assert outcome("Lanza vive en Madrid", "Ana vive en Sevilla") not in HIDING


def test_two_spanish_rules_opening_with_their_verb_stay_two() -> None:
    old, new = "Ejecuta las pruebas antes de hacer push", "Ejecuta el linter antes de hacer push"
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Desplegamos los martes", "Ahora desplegamos los jueves"),
        ("Используем Kafka", "Теперь используем RabbitMQ"),
    ],
)
def test_a_verb_that_says_we_after_now_is_still_said_of_us(old: str, new: str) -> None:
    assert parse(new).subject == parse(old).subject == {"@1p"}
    assert outcome(old, new) == "supersede"


def test_a_russian_verb_and_i_adds_to_what_we_do() -> None:
    # "и" right after the verb is "also": Redis beside Postgres, not in its place
    assert outcome("Используем Postgres", "Теперь используем и Redis") not in HIDING


def test_what_we_now_do_is_no_news_of_a_relative() -> None:
    assert outcome("Мой брат использует Vim", "Теперь используем Emacs") not in HIDING


def test_what_we_with_a_relative_did_is_updated_by_what_we_now_do() -> None:
    assert outcome("Мы с братом используем Vim", "Теперь используем Emacs") == "supersede"


def test_russian_names_joined_by_i_are_no_addition() -> None:
    old, new = "Вадим и Ольга живут в Казани", "Теперь Вадим и Ольга живут в Самаре"
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Estuve en Japón en 2019.", "Estuve en Japón en 2023."),
        ("Pagué la factura de luz el 3 de mayo.", "Pagué la factura de luz el 3 de junio."),
        ("Corrí un maratón en 2019.", "Corrí un maratón en 2021."),
        ("Сделал прививку от гриппа в октябре 2022.", "Сделал прививку от гриппа в октябре 2023."),
        ("Оплатил счёт за свет 3 мая.", "Оплатил счёт за свет 3 июня."),
        ("Был в Японии в 2019 году.", "Был в Японии в 2023 году."),
    ],
)
def test_what_one_did_on_two_dates_told_without_a_subject_is_two_events(
    earlier: str, later: str
) -> None:
    assert outcome(earlier, later) not in HIDING


def test_a_name_that_ends_as_a_past_does_still_updates() -> None:
    stored, told = "Павел работает в команде поиска.", "Павел перешёл из поиска в команду платежей."
    assert outcome(stored, told) == "supersede"
