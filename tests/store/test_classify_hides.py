"""The absorb classifier keeping apart two facts of nearly the same words that say different
things (SPEC B3): another tense, mood, hedge, number, object pronoun, or a word spelt nearly
alike. A duplicate or a supersede hides the new fact, so each guard has beside it the true
duplicates and updates it must leave alone."""

from __future__ import annotations

import pytest

from engram.store import MemoryStore
from engram.store.classify import classify
from engram.store.parse import parse
from tests.store.pairs import HIDING, absorbed, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana termina la migración.", "Ana terminará la migración."),
        ("Luis escribe el informe.", "Luis escribirá el informe."),
        ("Команда выпускает релиз.", "Команда выпустит релиз."),
    ],
)
def test_a_future_form_is_not_a_duplicate_of_the_present(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Sara teaches math.", "Sara wants to be a math teacher."),
        ("Kim drives to work.", "Kim can drive to work."),
        ("Дима руководит отделом.", "Дима должен руководить отделом."),
        ("Pablo toca la guitarra.", "Pablo quiere tocar la guitarra."),
    ],
)
def test_a_wish_ability_or_duty_is_not_the_fact_itself(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ines forgot to book the room.", "Ines booked the room."),
        ("Ines booked the room.", "Ines failed to book the room."),
        ("The client refused to pay the invoice.", "The client paid the invoice."),
        ("Ines started to write the spec.", "Ines wrote the spec."),
        ("Инес забыла забронировать зал.", "Инес забронировала зал."),
        ("Инес пыталась забронировать зал.", "Инес забронировала зал."),
        ("Inés olvidó reservar la sala.", "Inés reservó la sala."),
        ("El cliente se negó a pagar la factura.", "El cliente pagó la factura."),
    ],
)
def test_what_was_not_done_is_not_what_was_done(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_a_change_told_with_a_verb_of_refusal_still_supersedes(store: MemoryStore) -> None:
    old = "Мой мобильный оператор — Мегафон."
    new = "Теперь у меня Tele2, от Мегафона я отказалась."
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("He leads the Lisbon team.", "She leads the Lisbon team."),
        ("They left the company in May.", "She left the company in May."),
        ("Он ведёт лиссабонскую команду.", "Она ведёт лиссабонскую команду."),
        ("Él dirige el equipo de Lisboa.", "Ella dirige el equipo de Lisboa."),
    ],
)
def test_another_subject_pronoun_is_another_person(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("伊藤さんは名古屋に住んでいます。", "伊藤さんは名古屋に住んでいません。"),
        ("チケット88は伊藤さんの担当です。", "チケット89は伊藤さんの担当です。"),
        ("伊藤さんはGitを使っています。", "小林さんはGitを使っています。"),
    ],
)
def test_a_japanese_negation_id_or_subject_tells_two_facts_apart(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("伊藤さんの電話番号は090-1111-2222です。", "伊藤さんの電話番号は090-3333-4444です。"),
        ("APIのタイムアウトは20秒です。", "APIのタイムアウトは40秒です。"),
    ],
)
def test_a_japanese_fact_with_a_new_value_supersedes(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The parser accepts YAML.", "The parser accepts TOML."),
        ("The worker depends on Redis.", "The worker depends on Kafka."),
        ("Воркер зависит от Redis.", "Воркер зависит от Kafka."),
        ("Irene toca el piano.", "Irene toca el saxofón."),
        ("Irene conoce a Pablo.", "Irene conoce a Luis."),
    ],
)
def test_one_more_value_of_a_many_valued_verb_hides_nothing(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The parcel from Nadia is at the door.", "The parcel for Nadia is at the door."),
        ("Tariq works with the Oslo team.", "Tariq works for the Oslo team."),
        ("Latency dropped by 40 ms.", "Latency dropped to 40 ms."),
        ("Посылка от Нади у двери.", "Посылка для Нади у двери."),
        ("Звонок от Нади был утром.", "Звонок для Нади был утром."),
        ("Tariq trabaja con el equipo de Oslo.", "Tariq trabaja para el equipo de Oslo."),
    ],
)
def test_a_word_given_the_opposite_part_is_another_statement(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Nadia is taller than Omar.", "Nadia is taller than Priya."),
        ("The new cache is faster than Redis.", "The new cache is faster than Memcached."),
        ("Новый кэш быстрее Redis.", "Новый кэш быстрее Memcached."),
        ("La sala A es más grande que la B.", "La sala A es más grande que la C."),
    ],
)
def test_another_thing_compared_with_is_one_more_fact(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Nadia has a daughter named Iris.", "Nadia has a daughter named Lea."),
        ("Nadia has a dog named Rex.", "Nadia has a dog named Bo."),
        ("У Нади есть дочь Ира.", "У Нади есть дочь Лея."),
        ("Nadia tiene un perro llamado Rex.", "Nadia tiene un perro llamado Bo."),
        ("Omar owns a Fiat.", "Omar owns a Volvo."),
        ("The app supports French.", "The app supports Polish."),
        ("佐藤さんはバイオリンを弾きます。", "佐藤さんはチェロを弾きます。"),
    ],
)
def test_one_more_relative_pet_or_thing_had_hides_nothing(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("山本さんは部長になりたいです。", "山本さんは部長になりました。"),
        ("山本さんは大阪に住んでいたことがあります。", "山本さんは大阪に住んでいます。"),
        ("社員だけが倉庫に入れます。", "社員は倉庫に入れます。"),
        ("山本さんは小林さんのために働いています。", "山本さんは小林さんと働いています。"),
    ],
)
def test_a_japanese_ending_that_changes_the_statement_is_read(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The server has 64 GB of RAM.", "The server has 64 GB of disk."),
        ("El servidor tiene 64 GB de RAM.", "El servidor tiene 64 GB de disco."),
    ],
)
def test_the_same_amount_of_another_thing_is_no_new_value(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Nadia would have taken the job if it were remote.", "Nadia took the job."),
        ("Надя бы согласилась на эту работу.", "Надя согласилась на эту работу."),
        ("Nadia habría aceptado el trabajo.", "Nadia aceptó el trabajo."),
    ],
)
def test_what_would_have_been_is_not_what_was(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The job retries when the queue is full.", "The job retries when the queue is empty."),
        ("El tren se retrasa cuando llueve.", "El tren se retrasa cuando nieva."),
    ],
)
def test_another_case_of_a_condition_is_one_more_fact(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Iván tiene acceso de lectura al repositorio.",
            "Iván tiene acceso de escritura al repositorio.",
        ),
        ("El precio es para socios nuevos.", "El precio es para socios antiguos."),
        ("Продажи выросли на 8%.", "Продажи упали на 8%."),
        ("この機能は有効です。", "この機能は無効です。"),
    ],
)
def test_an_opposite_word_is_no_new_value_of_the_same_statement(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "The cart service calls the price service.",
            "The cart service is called by the price service.",
        ),
        ("Lía's mentor is Omar.", "Lía's mentor's mentor is Omar."),
        ("La tienda es buena.", "La tienda está buena."),
        ("Лия сдавала экзамен по Go.", "Лия сдала экзамен по Go."),
        ("Лия поступала в МФТИ.", "Лия поступила в МФТИ."),
        (
            "リアさんからオマルさんへ手紙が届きました。",
            "オマルさんからリアさんへ手紙が届きました。",
        ),
        ("Guests can view the wiki.", "Guests can edit the wiki."),
        ("The sync job reads from S3.", "The sync job writes to S3."),
        ("Los invitados pueden ver la wiki.", "Los invitados pueden editar la wiki."),
    ],
)
def test_the_same_words_in_another_voice_aspect_or_action_are_another_fact(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The staging API is online.", "The staging API is offline."),
        ("Lía's account is active.", "Lía's account is deactivated."),
        (
            "Las pruebas se ejecutan antes del despliegue.",
            "Las pruebas se ejecutan después del despliegue.",
        ),
        (
            "ステージングのAPIサーバーはオンラインです。",
            "ステージングのAPIサーバーはオフラインです。",
        ),
    ],
)
def test_a_state_turned_to_its_opposite_is_a_contradiction(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "contradict"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Бэкапы копируются из S3 в GCS.", "Бэкапы копируются из GCS в S3."),
        ("Copiamos los datos de Oracle a Postgres.", "Copiamos los datos de Postgres a Oracle."),
        ("Always run the formatter before committing.", "Always run the tests before committing."),
        ("Всегда пиши тесты перед мержем.", "Всегда пиши changelog перед мержем."),
    ],
)
def test_a_reversed_route_or_another_step_hides_nothing(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_a_move_from_where_a_thing_was_still_supersedes(store: MemoryStore) -> None:
    assert absorbed(store, "Бэкапы лежат в S3.", "Бэкапы перенесли из S3 в GCS.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Deploy notices are posted to #releases.", "Deploy notices are posted to #general."),
        ("Omar has access to the Legal folder.", "Omar has access to the Sales folder."),
        ("Traces are exported to Jaeger.", "Traces are exported to Honeycomb."),
        ("Омар участвует в разработке Helm.", "Омар участвует в разработке Argo."),
        ("Omar es miembro del canal #ops.", "Omar es miembro del canal #infra."),
        ("The database went down on March 2.", "The database went down on April 7."),
        ("База упала 2 марта.", "База упала 7 апреля."),
        ("オマルは4月に休暇を取った。", "オマルは9月に休暇を取った。"),
        ("Omar was fixing the upload bug.", "Omar fixed the upload bug."),
    ],
)
def test_one_more_value_or_event_of_the_kind_hides_nothing(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_a_value_said_to_come_instead_of_the_old_one_supersedes(store: MemoryStore) -> None:
    old, new = "Traces are exported to Jaeger.", "Traces are now exported to Honeycomb instead."
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "The `accounts` table has an index on `email`.",
            "The `accounts` table has an index on `phone`.",
        ),
        ("The `Order` model has a `shipped_at` field.", "The `Order` model has a `paid_at` field."),
        (
            "El servicio `auth` expone un endpoint `/login`.",
            "El servicio `auth` expone un endpoint `/logout`.",
        ),
        ("TODO: añadir logs al importador de S3.", "TODO: añadir logs al importador de GCS."),
        ("Перешли на Kafka, чтобы разгрузить базу.", "Перешли на Kafka, чтобы упростить ретраи."),
        (
            "Nos pasamos a Kafka para descargar la base.",
            "Nos pasamos a Kafka para simplificar los reintentos.",
        ),
        ("ダッシュボードはVueで作られている。", "ダッシュボードはVercelで配信されている。"),
    ],
)
def test_one_more_part_reason_or_note_of_the_kind_hides_nothing(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [("Manager: Priya", "Manager: Marcus"), ("Руководитель: Прия", "Руководитель: Маркус")],
)
def test_a_note_of_a_role_with_another_person_supersedes(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Nora escribió el plan de pruebas.", "Nora revisó el plan de pruebas."),
        ("Nora diseñó la API de envíos.", "Nora documentó la API de envíos."),
        ("Nora cancelled the offsite.", "Nora organized the offsite."),
    ],
)
def test_another_verb_on_the_same_thing_is_another_fact(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Олег починил сканер в офисе.", "Олег подключил сканер в офисе."),
        ("Rosa arregló la impresora.", "Rosa configuró la impresora."),
        ("ユーザーは中国語を勉強している。", "ユーザーは中国語を教えている。"),
        ("Таня учит детей рисованию.", "Таня учится рисованию."),
        ("The editor uses the dark theme.", "The editor uses the light theme."),
    ],
)
def test_another_verb_by_its_form_or_a_reflexive_is_another_fact(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_a_near_miss_is_no_update_of_what_happened(store: MemoryStore) -> None:
    assert absorbed(store, "I moved to Berlin.", "I almost relocated to Berlin.") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana lo ayuda.", "Ana la ayuda."),
        ("Clara los invitó.", "Clara las invitó."),
        ("Лена видела его.", "Лена видела её."),
        ("Отец хвалит их.", "Отец хвалит нас."),
    ],
)
def test_another_object_pronoun_is_another_person(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana compró un coche.", "Ana compró unos coches."),
        ("Коля купил книгу.", "Коля купил книги."),
    ],
)
def test_one_thing_is_not_several(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Он купил стол.", "Он приобрел столб."),
        ("Ana cerró el caso.", "Ana cerró la casa."),
    ],
)
def test_a_word_spelt_nearly_alike_is_another_word(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Kim always takes the bus.", "Kim sometimes takes the bus."),
        ("Kim usually takes the bus.", "Kim seldom takes the bus."),
        ("Kim takes the bus.", "Kim occasionally takes the bus."),
        ("Гена часто опаздывает на созвоны.", "Гена иногда опаздывает на созвоны."),
        ("Гена опаздывает на созвоны.", "Гена время от времени опаздывает на созвоны."),
        ("Elena siempre llega tarde.", "Elena a veces llega tarde."),
        ("Elena a menudo llega tarde.", "Elena casi nunca llega tarde."),
    ],
)
def test_another_frequency_is_another_statement(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Noor is Adam's former boss.", "Noor is Adam's boss."),
        ("Noor is the acting head of QA.", "Noor is the head of QA."),
        ("The refactoring is partly finished.", "The refactoring is finished."),
        ("Noor lives near Porto.", "Noor lives in Porto."),
        ("Some nightly builds are red.", "Nightly builds are red."),
        ("Нур — бывшая начальница Адама.", "Нур — начальница Адама."),
        ("Нур — заместитель руководителя QA.", "Нур — руководитель QA."),
        ("Noor es la antigua jefa de Adam.", "Noor es la jefa de Adam."),
        ("Noor vive cerca de Oporto.", "Noor vive en Oporto."),
    ],
)
def test_a_limiting_word_makes_another_statement(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Zoe cycles to work when it is sunny.", "Zoe cycles to work."),
        ("The linter ignores files with warnings.", "The linter ignores files."),
        ("The report lists prices in dollars by default.", "The report lists prices in dollars."),
        ("The session ends after an hour of inactivity.", "The session ends after an hour."),
        ("Zoe drinks oat milk.", "Zoe drinks milk."),
        ("The pipeline is frozen for the release.", "The pipeline is frozen."),
        ("Ana logged out.", "Ana logged in."),
        ("Зоя ездит на велосипеде, когда солнечно.", "Зоя ездит на велосипеде."),
        ("Зоя пьёт овсяное молоко.", "Зоя пьёт молоко."),
        ("Zoe va en bici al trabajo cuando hace sol.", "Zoe va en bici al trabajo."),
        ("El linter ignora los archivos con avisos.", "El linter ignora los archivos."),
    ],
)
def test_a_fact_said_of_every_case_is_not_the_narrower_one(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Zoe works as a nurse in Leeds.", "Zoe is a nurse in Leeds."),
        ("Zoe is the one who books the rooms.", "Zoe books the rooms."),
        ("Зоя работает медсестрой в Казани.", "Зоя — медсестра в Казани."),
        ("Zoe es quien reserva las salas.", "Zoe reserva las salas."),
    ],
)
def test_a_predicate_said_more_shortly_is_still_a_duplicate(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Kim often takes the bus.", "Kim frequently takes the bus."),
        ("Kim takes the bus.", "Kim always takes the bus."),
        ("Гена иногда опаздывает на созвоны.", "Гена порой опаздывает на созвоны."),
        ("Elena a veces llega tarde.", "Elena de vez en cuando llega tarde."),
    ],
)
def test_the_same_frequency_in_other_words_is_a_duplicate(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana terminará la migración.", "La migración la terminará Ana."),
        ("Mark plans to run the marathon.", "Mark is planning to run the marathon."),
        ("Миграцию базы запустил Олег.", "Миграция базы была запущена Олегом."),
        ("Релиз запланирован на 15 мая.", "Релиз назначен на 15 мая."),
    ],
)
def test_a_rewording_in_the_same_tense_and_mood_is_still_a_duplicate(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Priya lives in Leeds.", "Priya now lives in York."),
        ("Маша живёт в Твери.", "Маша теперь живёт в Туле."),
        ("Carmen vive en Cádiz.", "Carmen ahora vive en Málaga."),
    ],
)
def test_an_update_with_now_still_supersedes(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The release went out on Friday.", "The release went out on Friday 🎉"),
        ("Ana loves green tea 🍵", "Ana loves green tea."),
    ],
)
def test_an_emoji_on_one_side_is_decoration(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The login works.", "The login works ❌"),
        ("The team liked the plan 👍", "The team liked the plan 👎"),
    ],
)
def test_a_cross_or_another_emoji_on_both_sides_is_no_decoration(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I avoid gluten.", "I avoid soy."),
        ("I love cats.", "I have a cat."),
        ("Мне нравятся самокаты.", "У меня есть самокат."),
        ("My wife's phone number is 555-0142.", "My phone number is 555-0177."),
        (
            "火曜日の16時に歯医者の予約があります。",
            "はるとは火曜日の16時に歯医者の予約があります。",
        ),
        ("さくらは水曜日にピアノがあります。", "はるとは水曜日にピアノがあります。"),
    ],
)
def test_one_more_thing_avoided_a_liking_or_another_person_hides_nothing(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The cluster runs on k8s.", "The cluster runs on Kubernetes."),
        ("The API stores users in PostgreSQL.", "The API stores users in Postgres."),
        ("Маша пишет скрипты на Питоне.", "Маша пишет скрипты на Python."),
    ],
)
def test_a_name_written_another_way_is_the_same_statement(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Ola's brother lives in Oslo, while her sister lives in Bergen.",
            "Ola's brother lives in Oslo, while her aunt lives in Bergen.",
        ),
        (
            "Ana's manager is Leo, and Tom's manager is Eva.",
            "Ana's manager is Leo, and Kim's manager is Eva.",
        ),
        (
            "Ира отвечает за биллинг, а Олег — за поиск.",
            "Ира отвечает за поиск, а Олег — за биллинг.",
        ),
        (
            "Irene lleva la facturación y Bruno la búsqueda.",
            "Irene lleva la búsqueda y Bruno la facturación.",
        ),
        (
            "Для CI мы перешли с Jenkins на GitLab, а для задач — с Jira на YouTrack.",
            "Для CI мы перешли с Jenkins на GitLab, а для вики — с Confluence на Notion.",
        ),
    ],
)
def test_another_clause_of_a_longer_fact_hides_nothing(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_a_number_with_a_thousands_comma_is_one_clause(store: MemoryStore) -> None:
    old, new = "The cloud budget is $4,000 a month.", "The cloud budget is $6,500 a month."
    assert absorbed(store, old, new) == "supersede"


def test_a_japanese_value_before_the_copula_is_still_a_value(store: MemoryStore) -> None:
    old, new = "山本さんの上司は鈴木さんです。", "山本さんの上司は佐藤さんです。"
    assert absorbed(store, old, new) == "supersede"


def test_another_tool_used_in_japanese_is_one_more(store: MemoryStore) -> None:
    old, new = "ユーザーはEmacsを使っています。", "ユーザーはVS Codeを使っています。"
    assert absorbed(store, old, new) not in HIDING


def test_a_tool_named_like_the_old_one_is_one_more(store: MemoryStore) -> None:
    # a word of the tool's own name is no purpose both are used for
    old, new = "The user uses GitHub Copilot.", "The user uses GitHub Codespaces."
    assert absorbed(store, old, new) not in HIDING
    old, new = "The project uses semantic versioning.", "The project uses semantic search."
    assert absorbed(store, old, new) not in HIDING


def test_a_tool_for_the_same_purpose_is_a_new_value(store: MemoryStore) -> None:
    old = "The team uses Jenkins for continuous integration."
    new = "The team uses GitHub Actions for continuous integration."
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's backup drive is full.", "The user's backup drive is fast."),
        ("The user's car is red.", "The user's car is fast."),
        ("Машина пользователя красная.", "Машина пользователя большая."),
    ],
)
def test_an_adjective_on_another_scale_is_another_attribute(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_an_adjective_on_the_same_scale_is_a_new_value(store: MemoryStore) -> None:
    assert absorbed(store, "The user's car is red.", "The user's car is blue.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Конверсия выросла на 3%.", "Конверсия выросла до 3%."),
        ("La latencia bajó en 20 ms.", "La latencia bajó a 20 ms."),
        ("Latency dropped by 20 ms.", "Latency dropped to 20 ms."),
    ],
)
def test_a_change_by_an_amount_is_not_a_change_to_it(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_an_upgrade_to_a_version_still_updates_the_one_it_ran_on(store: MemoryStore) -> None:
    old = "Кластер Kubernetes работает на версии 1.26."
    new = "Кластер Kubernetes обновили до версии 1.29."
    assert absorbed(store, old, new) == "supersede"


def test_another_week_is_another_fact(store: MemoryStore) -> None:
    old = "Omar is on call this week."
    assert absorbed(store, old, "Omar is on vacation next week.") not in HIDING
    assert absorbed(store, old, "Omar is on call next week.") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's laptop is slow.", "The user's laptop is a ThinkPad X1."),
        ("El portátil de la usuaria es lento.", "El portátil de la usuaria es un Lenovo ThinkPad."),
    ],
)
def test_an_adjective_and_a_name_are_two_attributes(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_a_russian_service_named_like_the_old_one_is_one_more(store: MemoryStore) -> None:
    old, new = "Пользователь пользуется Яндекс Диском.", "Пользователь пользуется Яндекс Музыкой."
    assert absorbed(store, old, new) not in HIDING
    old, new = "Команда пользуется Jira для задач.", "Команда пользуется YouTrack для задач."
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Company has an office in Berlin.", "Company has an office in Lisbon."),
        ("У компании есть офис в Москве.", "У компании есть офис в Ереване."),
        ("La empresa tiene una oficina en Madrid.", "La empresa tiene una oficina en Quito."),
    ],
)
def test_a_thing_had_with_a_is_one_of_several(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_a_count_of_another_thing_is_another_attribute(store: MemoryStore) -> None:
    old, new = "The Atlas team has 8 engineers.", "The Atlas team has 8 open P1 bugs."
    assert absorbed(store, old, new) not in HIDING


# Pairs a hostile review wrote against the readings of a status, a team, an address, a reason,
# a rename, a limit, a role's holder, a contact, clauses told again, a switch, a role in the
# passive and a note: each is about another thing, another one or another time, and hides
# nothing.
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The status page migration is done", "The page migration is in progress"),
        ("The Terraform state migration is done", "The Terraform migration is blocked"),
        ("La migración del estado está terminada", "La migración está en curso"),
        ("The migration is in progress", "The migration will be done by Friday"),
        ("Миграция в работе", "Миграция будет готова в пятницу"),
        ("Emma is a member of the Growth team", "Emma is a member of the company soccer team"),
        ("My son is a member of the swim team", "My son is a member of the chess team"),
        ("Mi hijo es miembro del equipo de natación", "Mi hijo es miembro del equipo de ajedrez"),
        ("Emma es miembro del equipo de Pagos", "Emma es miembro del equipo de fútbol"),
        ("Sara lives at 14 Elm Street, Apt 3B", "Sara lives at 14 Elm Street"),
        ("I shop at Aldi because it's close", "I shop at Lidl because it's close"),
        ("I eat at Chipotle because it's cheap", "I eat at Subway because it's cheap"),
        (
            "I buy groceries at Aldi because it's cheap",
            "I buy groceries at Lidl because it's cheap",
        ),
        ("Ana trabaja en el café porque hay wifi", "Ana trabaja en la biblioteca porque hay wifi"),
        (
            "The team meets in Room 4 because it has a TV",
            "The team meets in Room 7 because it has a TV",
        ),
        ("We store backups in S3 because it's cheap", "We store backups in GCS because it's cheap"),
        ("We deploy to AWS because of credits", "We deploy to GCP because of credits"),
        (
            "The staging channel is #ops-alerts",
            "The prod channel #ops-alerts was renamed to #incidents",
        ),
        ("The default branch is master", "In the docs repo, master was renamed to main"),
        (
            "The default branch of the api repo is master",
            "The web repo's master was renamed to main",
        ),
        (
            "The config file for staging is settings.yaml",
            "The prod settings.yaml was renamed to config.yaml",
        ),
        ("The config file is settings.yaml", "The test settings.yaml was renamed to config.yaml"),
        (
            "The function that parses dates is parse",
            "The CLI command parse was renamed to parse-file",
        ),
        (
            "The Slack channel for incidents in the Acme workspace is #ops-alerts",
            "#ops-alerts was renamed to #incidents in the Initech workspace",
        ),
        ("The upload limit is 25 MB", "Images larger than 5 MB cannot be uploaded"),
        ("The upload limit is 25 MB", "Videos larger than 100 MB cannot be uploaded"),
        ("The upload limit is 100 MB", "Avatars larger than 2 MB cannot be uploaded"),
        ("The upload limit is 25 MB", "Files larger than 25 MB could not be uploaded yesterday"),
        ("Kim is Java developer", "Lee is Java developer"),
        ("Ana is Python developer", "Bob is Python developer"),
        ("Ana es Python developer", "Luis es Python developer"),
        ("Kim is Android developer", "Lee is Android developer"),
        ("Kim is React engineer", "Lee is React engineer"),
        ("Kim is DevOps engineer", "Lee is DevOps engineer"),
        ("Kim is QA engineer", "Lee is QA engineer"),
        ("Kim is AWS consultant", "Lee is AWS consultant"),
        ("Kim is Google engineer", "Lee is Google engineer"),
        ("Sara's mobile is 07700 900123", "Sara's phone number is 020 7946 0000"),
        ("Sara's phone number is 555-0101", "Call Sara at 555-0177"),
        ("Sara's phone number is 555-0101", "Text Sara at 555-0177"),
        ("Sara's phone is +1 555 0101", "Contact Sara at +44 20 7946 0000"),
        ("Tom married Ana last year; she works at Meta", "Tom works at Meta"),
        ("Tom married Ana last year, and she works at Meta", "Tom works at Meta"),
        ("Tom hired Ana in May; she leads the payments team", "Tom leads the payments team"),
        ("Ana manages Tom; he works remotely", "Ana works remotely"),
        ("Ana manages Tom, he works from Lisbon", "Ana works from Lisbon"),
        ("Marta se casó con Luis; él trabaja en Cabify", "Marta trabaja en Cabify"),
        ("Tom will move to Berlin in May and work at SAP", "Tom works at SAP"),
        ("Tom wants to move to Berlin and work at SAP", "Tom works at SAP"),
        ("Sam drives a Honda Civic", "Sam's wife switched to a Tesla"),
        ("Sam drives a Honda Civic", "Sam's son switched to a Tesla"),
        ("I use VS Code", "My teammate switched to Cursor"),
        ("Ana is vegetarian", "Ana's daughter switched to a vegan diet"),
        ("Ana es vegetariana", "La hija de Ana se hizo vegana"),
        ("У Кати смартфон Samsung", "Муж Кати перешёл на iPhone"),
        ("Sam uses a ThinkPad at work", "Sam switched to a MacBook at home"),
        ("I use Chrome for work", "I switched to Firefox at home"),
        ("I use Chrome", "I switched to Firefox for testing"),
        ("We use Jenkins for deploys", "We switched to CircleCI for tests"),
        ("Sam drives a Honda Civic", "Sam switched to a Tesla for the road trip"),
        ("Ana is vegetarian", "Ana switched to keto for a month"),
        ("The payments team's lead is Carla", "The payments team is led by Dan and Carla"),
        ("The project's lead is Carla", "The project is led by Carla and Dan"),
        ("The payments team's lead is Carla", "The payments team is led by Dan this week"),
        (
            "The payments team's lead is Carla",
            "The payments team is led by Dan until Carla returns",
        ),
        (
            "The payments team's lead is Carla",
            "The payments team is led by Dan while Carla is on leave",
        ),
        ("The payments team's lead is Carla", "The payments team is led by Dan in Carla's absence"),
        ("The cluster's owner is Carla", "The cluster is owned by Dan in staging"),
        ("The team's lead is Carla", "The team is led by example"),
        ("Timezone: Europe/Berlin", "User is in the America/New_York timezone this week"),
        ("Timezone: Europe/Berlin", "User is in the America/New_York timezone for the conference"),
        ("We chose Postgres because the team knows it", "We chose Postgres?"),
    ],
)
def test_another_thing_one_or_time_told_alike_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Our migration is in progress", "Their migration is done"),
        ("My migration is in progress", "Your migration is done"),
    ],
)
def test_the_same_thing_of_another_owner_is_no_new_value(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_same_owners_thing_with_another_status_supersedes() -> None:
    assert outcome("My migration is in progress", "My migration is done") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("El script borra los logs antiguos.", "El script borra los ficheros temporales."),
        ("Andrés prepara el informe de ventas.", "Andrés prepara el informe de gastos."),
        ("El informe de ventas lo prepara Andrés.", "El informe de gastos lo prepara Andrés."),
    ],
)
def test_an_action_the_lexicon_does_not_know_done_to_another_thing_is_one_more(
    old: str, new: str
) -> None:
    assert outcome(old, new) not in HIDING


def test_a_tool_named_in_place_of_another_under_an_unknown_verb_still_supersedes() -> None:
    old, new = "Команда пользуется Jira для задач.", "Команда пользуется YouTrack для задач."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("La reunión está en la sala 3.", "La reunión está grabada."),
        ("El servidor está en Madrid.", "El servidor está apagado."),
        ("The meeting is in room 3.", "The meeting is recorded."),
    ],
)
def test_where_a_thing_is_and_a_state_it_is_in_both_hold(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("La reunión está en la sala 3.", "La reunión está en la sala 5."),
        ("The Q3 report is due on September 30.", "The Q3 report has been pushed to October 14."),
    ],
)
def test_a_place_with_its_article_or_a_date_pushed_is_still_a_new_value(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My sister Anna lives in Paris.", "Anna moved to Berlin."),
        ("Anna lives in Paris.", "My sister Anna moved to Berlin."),
        ("Mi hermana Ana vive en París.", "Ana se mudó a Berlín."),
        ("Daughter Mia is 6.", "Mia turned 7 on Saturday."),
    ],
)
def test_kin_told_beside_a_name_is_that_one_person(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My sister Anna lives in Paris.", "My cousin Anna moved to Berlin."),
        ("Anna lives in Paris.", "Anna's sister moved to Berlin."),
        ("Рома живёт в Самаре.", "Брат Ромы перебрался в Тверь."),
        ("My daughter Mia is 6.", "My son Leo is 7."),
    ],
)
def test_other_kin_or_the_kin_of_a_name_is_someone_else(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The production database is MySQL 5.7.", "As of March, production runs on MySQL 8.0."),
        ("The production database is MySQL 5.7.", "Production now runs MySQL 8.0."),
        ("Our CI runs on Node 18.", "We upgraded Node to 20."),
    ],
)
def test_the_same_product_with_a_new_version_told_as_news_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The analytics DB runs MySQL 5.7.", "The billing DB now runs MySQL 8.0."),
        ("Ana uses MySQL 5.7.", "Bob now uses MySQL 8.0."),
        ("The production database is MySQL 5.7.", "Staging now runs MySQL 8.0."),
        ("Дмитрий живёт в Казани.", "Дмитрий переехал в Казань в 2023 году."),
    ],
)
def test_a_new_version_of_another_subject_or_a_year_is_no_version_bump(old: str, new: str) -> None:
    assert "version" not in classify(new, [(old, 0.0)]).reason


def test_a_russian_wednesday_in_the_genitive_is_a_day() -> None:
    old, new = "Боб в отпуске до понедельника.", "Боб в отпуске до среды."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The company VPN address is vpn.acme.io.", "The company VPN is at connect.acme.io."),
        ("Grafana is at grafana.internal:3000.", "Grafana is served at metrics.example.com."),
        ("The staging URL is staging.orbit.io.", "Staging lives at stg.orbit-app.com."),
        ("Сайт доступен по адресу site.ru.", "Сайт доступен по адресу new-site.ru."),
    ],
)
def test_the_same_thing_at_another_network_address_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Grafana is at grafana.internal:3000.", "Kibana is at grafana.internal:3001."),
        ("The staging URL is staging.orbit.io.", "The prod URL is orbit.io."),
        ("The docs are at docs.acme.io.", "The API is at api.acme.io."),
        ("Grafana is at grafana.internal:3000.", "Grafana is at grafana.eu:3000 for the EU team."),
    ],
)
def test_another_thing_or_a_narrower_one_at_an_address_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Логи пишутся в /var/log/app/access.log.", "Логи пишутся в /var/log/app/error.log."),
        (
            "Las tareas cron están en /etc/cron.d/backup.",
            "Las tareas cron están en /etc/cron.d/cleanup.",
        ),
    ],
)
def test_another_file_path_alone_is_another_file(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_file_moved_to_another_path_told_as_news_supersedes() -> None:
    old = "The nginx config lives in /etc/nginx/nginx.conf."
    assert outcome(old, "The nginx config was moved to /opt/nginx/nginx.conf.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("田中: I moved to Berlin", "佐藤: I moved to Berlin"),
        ("田中: I moved to Berlin", "佐藤: I moved to Munich"),
    ],
)
def test_two_people_named_without_capitals_each_telling_of_themselves_hide_nothing(
    old: str, new: str
) -> None:
    assert outcome(old, new) not in HIDING


def test_one_person_named_without_capitals_still_updates_their_own_line() -> None:
    assert outcome("田中: I moved to Berlin", "田中: I moved to Munich") == "supersede"


def test_a_speaker_named_with_an_emoji_is_a_speaker() -> None:
    assert parse("Tim 🏄: I moved to Berlin").speaker == "tim 🏄"
    assert outcome("田中: I moved to Berlin", "Tim 🏄: I moved to Berlin") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Tom trusts the user", "The user trusts Tom"),
        ("Tom trusts the user", "Tom is the person who the user trusts"),
        ("Ana respects Ben", "Ben respects Ana"),
        ("Аня доверяет Борису", "Борис доверяет Ане"),
        ("Ana confía en Luis", "Luis confía en Ana"),
    ],
)
def test_who_trusts_or_respects_whom_told_the_other_way_round_hides_nothing(
    old: str, new: str
) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user trusts Tom", "The user trusts Ana"),
        ("Mei admires her sister", "Mei admires her mentor"),
        ("Ana blames herself for the outage.", "Ana blames Ben for the outage."),
    ],
)
def test_one_more_trusted_admired_or_blamed_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_no_longer_trusting_someone_supersedes() -> None:
    assert outcome("The user trusts Tom", "The user no longer trusts Tom") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Tom pings the user", "The user pings Tom"),
        ("Mei tutors the user", "The user tutors Mei"),
        ("Tom texts the user every day", "The user texts Tom every day"),
        ("El usuario llama a Ana", "Ana llama al usuario"),
    ],
)
def test_the_user_and_someone_in_each_others_places_hide_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user is married to Tom", "Tom is married to the user"),
        ("The user and Tom are friends", "Tom and the user are friends"),
        ("Dr. Lee is the user's GP", "The user's GP is Dr. Lee"),
        ("The user is Tom", "Tom is the user"),
        ("The user or Tom picks up the kids", "Tom or the user picks up the kids"),
        (
            "El usuario junto con Tom organiza el meetup",
            "Tom junto con el usuario organiza el meetup",
        ),
        ("The user is the same age as Tom", "Tom is the same age as the user"),
        ("The user owns iOS and Tom owns Android", "Tom owns Android and the user owns iOS"),
    ],
)
def test_a_relation_both_ways_or_two_phrases_that_changed_sides_is_a_duplicate(
    old: str, new: str
) -> None:
    assert outcome(old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's right knee hurts.", "The user's left knee hurts."),
        ("The user broke his right arm in 2015.", "The user broke his left arm in 2019."),
    ],
)
def test_the_left_side_is_no_leaving(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_left_as_a_verb_still_supersedes() -> None:
    assert outcome("The user lives in Paris", "The user left Paris for Berlin") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The person the user trusts most is Tom", "The person the user trusts most is Ana"),
        ("The lawyer who represents the user is Tom", "The lawyer who represents the user is Ana"),
        (
            "El médico en quien confía el usuario es el Dr. Ruiz",
            "El médico en quien confía el usuario es el Dr. Gómez",
        ),
        ("The user's financial adviser is Tom Reed", "The user's financial adviser is Ana Cruz"),
    ],
)
def test_a_new_name_for_one_told_with_a_clause_about_them_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Shows watched: The Bear", "Shows watched: Severance"),
        ("Countries visited: Peru", "Countries visited: Chile"),
    ],
)
def test_one_more_under_a_key_naming_a_list_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana works at Acme", "Ana's left Acme; she works at Stripe now"),
        ("The user works at Google", "The user's left Google and now works at Meta"),
    ],
)
def test_left_after_a_possessive_that_says_has_still_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Tom is the user's brother", "Tom trusts the user who is his brother"),
        ("Tom is the user's manager", "Tom blames the user, who is his manager"),
    ],
)
def test_how_one_regards_someone_is_no_relation_of_kin_or_role(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's crypto wallet is Trust Wallet", "The user's crypto wallet is MetaMask"),
        ("The user's favorite song is Halo", "The user's favorite song is Respect"),
        ("Tom, the user's brother, lives in Bergen", "Tom, the user's brother, lives in Oslo now"),
        ("Tickets sold: 120", "Tickets sold: 180"),
        ("Decision revised: ship on May 3", "Decision revised: ship on May 10"),
    ],
)
def test_names_appositions_and_counts_still_supersede(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_distrust_contradicts_trust() -> None:
    old, new = "The user trusts the new contractor.", "The user distrusts the new contractor."
    assert outcome(old, new) == "contradict"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("На сервере web-01 стоит Ubuntu 20.04.", "Сервер web-02 перевели на Ubuntu 22.04."),
        ("web-01 runs Ubuntu 20.04", "web-02 runs Ubuntu 22.04"),
    ],
)
def test_another_machine_told_by_its_number_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The primary DB is db-01", "The primary DB is now db-02"),
        (
            "The Redis cache runs on host cache-01.internal.",
            "The Redis cache was moved to cache-03.internal during the maintenance window.",
        ),
        ("The team uses GPT-4", "The team switched to GPT-5"),
        ("web-01 is the canary host", "web-03 is now the canary host"),
    ],
)
def test_a_machine_or_a_version_as_the_new_value_still_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_one_machine_written_two_ways_is_a_duplicate() -> None:
    assert outcome("web-01 runs nginx", "web01 runs nginx") == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "プロジェクト「さくら」の締め切りは3月31日だ",
            "プロジェクト「もみじ」の締め切りは3月31日だ",
        ),
        ("「ひかり」プロジェクトはGoで書かれている", "「こだま」プロジェクトはGoで書かれている"),
    ],
)
def test_two_projects_named_in_hiragana_in_quotes_hide_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_project_named_in_hiragana_in_quotes_told_again_is_a_duplicate() -> None:
    old, new = (
        "プロジェクト「さくら」の締め切りは3月31日だ",
        "「さくら」プロジェクトの締め切りは3月31日です",
    )
    assert outcome(old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's apartment has two bedrooms", "The user's apartment has a small balcony"),
        ("The user's house has a garage", "The user's house has a garden"),
    ],
)
def test_another_thing_had_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's car has 50,000 miles", "The user's car has 60,000 miles"),
        ("The apartment has gas heating", "The apartment now has electric heating"),
    ],
)
def test_a_new_count_or_kind_of_the_same_thing_had_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"
